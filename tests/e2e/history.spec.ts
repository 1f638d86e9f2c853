// History, data export and the calendar feed in the browser, at 375 px and 1280 px, with axe.
// Months of history cannot be written through the main e2e server (PGlite: one process per data
// dir), so the seeded tests run a second production server on the machine's PostgreSQL (a
// throwaway database) and write breaks and a pause straight into it, as the integration tests do.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Cookie, Page } from "@playwright/test";
import pg from "pg";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";
import { startServer, type ExtraServer } from "./support/server";

const TZ = "America/New_York";
/** Element screenshots: the fixed header and navigation would otherwise cover part of the element. */
const HIDE_FIXED = 'nav[aria-label="Main"], header { visibility: hidden !important; }';
const DAY = 86_400_000;

function localToday(tz: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const mediumDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));
const longDate = (date: string) =>
  new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

const monthName = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
/** The same day a month before (the month's last day when it has fewer). */
function sameDayLastMonth(date: string) {
  const first = addDays(`${date.slice(0, 7)}-01`, -1).slice(0, 7);
  const day = `${first}-${date.slice(8, 10)}`;
  return monthDates(`${first}-01`).includes(day) ? day : monthDates(`${first}-01`).at(-1)!;
}
/** Every date of a date's month. */
function monthDates(date: string) {
  const out: string[] = [];
  for (let d = `${date.slice(0, 7)}-01`; d.startsWith(date.slice(0, 7)); d = addDays(d, 1)) out.push(d);
  return out;
}

/** The phone's calendar (a month at a time): its title, its buttons and its grid. */
function monthView(page: Page) {
  const calendar = page.getByTestId("history-calendar");
  return {
    title: calendar.locator("[aria-live='polite']"),
    previous: calendar.getByRole("button", { name: "Previous Month", exact: true }),
    next: calendar.getByRole("button", { name: "Next Month", exact: true }),
    grid: calendar.getByRole("grid"),
  };
}

/** Nothing in the calendar is wider than its box (no sideways scrolling), every day inside the card. */
async function expectFitsWidth(page: Page) {
  const fit = await page.getByTestId("history-calendar").evaluate((root) => {
    const content = root.closest('[data-slot="card-content"]')!.getBoundingClientRect();
    const visible = [root, ...root.querySelectorAll<HTMLElement>("*")].filter((el) => el.getClientRects().length > 0);
    const cells = visible.filter((el) => el.matches('[role="gridcell"][data-date]'));
    return {
      cells: cells.length,
      scrolling: visible
        // (screen-reader-only text is a clipped 1 px box: not a scroll box)
        .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className),
      outside: cells
        .filter((c) => {
          const r = c.getBoundingClientRect();
          return r.left < content.left - 0.5 || r.right > content.right + 0.5;
        })
        .map((c) => c.dataset.date),
      smallest: Math.min(
        ...cells.map((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)),
      ),
      calendarScrolls: root.scrollWidth > root.clientWidth + 1,
    };
  });
  expect(fit.cells).toBeGreaterThanOrEqual(28);
  expect(fit.calendarScrolls).toBe(false);
  expect(fit.scrolling).toEqual([]);
  expect(fit.outside).toEqual([]);
  // Squares a thumb can hit (WCAG 2.5.8: 24 px at least).
  expect(fit.smallest).toBeGreaterThanOrEqual(24);
}

test.describe("the main server: a new user", () => {
  test("the dashboard's streak card links to an empty history; the bottom navigation keeps its four items", async ({
    page,
    login,
  }) => {
    await login.signInOnboarded(uniqueEmail("history-new"));
    await page.setViewportSize({ width: 375, height: 812 }); // the phone's tab bar (a top bar from 768 px)
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("listitem")).toHaveCount(4);
    await page.getByRole("link", { name: "See your history" }).click();
    await page.waitForURL("**/history");
    await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
    // Nothing done yet: one card says where the history starts, instead of rows of zeros and dashes.
    const empty = page.getByTestId("history-empty");
    await expect(empty.getByRole("heading", { name: "Your History Starts With Your First Break" })).toBeVisible();
    await expect(empty.getByRole("link", { name: "Open Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByText("Current streak")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "By Weekday" })).toHaveCount(0);
    await expect(page.getByRole("grid", { name: "Your First 12 Months" })).toBeVisible();
    await expect(nav.getByRole("listitem")).toHaveCount(4);
    await expectNoAxeViolations(page);
    // signed out, /history is not public
    const anon = await page.context().browser()!.newContext();
    const res = await anon.request.get("/history", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    await anon.close();
  });
});

/** The heatmap's geometry: its squares, its card, the month and weekday names, the scroll box. */
async function heatmapGeometry(page: Page) {
  return page.getByRole("grid").evaluate((g) => {
    const rect = (el: Element) => el.getBoundingClientRect();
    const textRect = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect();
    };
    const month = (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleString("en-US", { month: "short", timeZone: "UTC" });
    const box = g.closest(".overflow-x-auto")!;
    const b = rect(box);
    const cells = [...g.querySelectorAll<HTMLElement>('[role="gridcell"]')];
    const firstColumnLeft = rect(cells[0]!).left;
    const content = g.closest<HTMLElement>('[data-slot="card-content"]')!;
    const cs = getComputedStyle(content);
    const contentWidth = rect(content).width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const labels = [...box.querySelectorAll<HTMLElement>('[aria-hidden="true"] > span')].map((el) => {
      const r = textRect(el);
      const text = el.textContent!;
      // Over the column whose week holds the month's 1st (the first column may name its own month).
      const aligned =
        Math.abs(r.left - firstColumnLeft) < 1 ||
        cells.some(
          (c) =>
            c.dataset.date!.endsWith("-01") && month(c.dataset.date!) === text && Math.abs(rect(c).left - r.left) < 1,
        );
      // The part of the label the scroll box shows.
      return {
        text,
        aligned,
        top: r.top,
        bottom: r.bottom,
        visLeft: Math.max(r.left, b.left),
        visRight: Math.min(r.right, b.right),
      };
    });
    // The weekday names on screen (screen readers get the rows' own headers).
    const card = g.closest('[data-slot="card"]')!;
    const weekdays = [...card.querySelectorAll("span")]
      .filter(
        (el) => el.children.length === 0 && /^(Mon|Wed|Fri)$/.test(el.textContent!) && el.getClientRects().length > 0,
      )
      .map((el) => {
        const r = textRect(el);
        return { text: el.textContent!, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
    return {
      cell: rect(cells[0]!).width,
      gridWidth: rect(g).width,
      contentWidth,
      firstDate: cells[0]!.dataset.date!,
      labels,
      weekdays,
      scrolls: box.scrollWidth > box.clientWidth + 1,
    };
  });
}

/** No month name above (or over) the weekday names, each month name over the column that holds its 1st. */
function expectLabelsInPlace(geo: Awaited<ReturnType<typeof heatmapGeometry>>) {
  expect(geo.weekdays.map((w) => w.text)).toEqual(["Mon", "Wed", "Fri"]);
  for (const m of geo.labels) {
    expect(m.aligned, `${m.text} over its column`).toBe(true);
    if (m.visRight <= m.visLeft) continue; // scrolled out of view
    for (const w of geo.weekdays) {
      const overlap = m.visLeft < w.right && w.left < m.visRight;
      expect(overlap, `${m.text} over ${w.text}`).toBe(false);
    }
  }
}

test.describe("the main server: a new user's heatmap", () => {
  test("a phone gets this month that fits its width, 1280 the year from the sign-up week; a short legend; locked trophies; axe clean", async ({
    page,
    login,
  }, testInfo) => {
    test.setTimeout(120_000);
    await login.signInOnboarded(uniqueEmail("history-empty"));
    await page.goto("/history");
    const grid = page.getByRole("grid", { name: "Your First 12 Months" });
    await expect(grid).toBeVisible();
    await expect(
      page.getByText("No breaks done yet: each break you take fills in its day’s square, starting today."),
    ).toBeVisible();
    const today = (await grid.locator('[aria-current="date"]').getAttribute("data-date"))!;
    // The legend names only what this grid shows: today and the days ahead (and, on a weekend of
    // the default Monday-Friday schedule, today's rest day), none of the statuses a new account
    // cannot have yet. Each entry is a swatch, a name and a short hint (read as "name, hint").
    const legend = page.getByRole("list", { name: "Legend" }).getByRole("listitem");
    await expect(legend).toHaveText([
      ...(weekday(today) % 6 === 0 ? ["Rest day, no breaks scheduled"] : []),
      "Today, the square with a dark ring",
      "Upcoming, days still to come",
    ]);
    // Nothing earned yet: every trophy shown is locked, and says so; the next one leads.
    const trophies = page.locator("[data-slot='card']").filter({
      has: page.getByRole("heading", { level: 2, name: "Trophies", exact: true }),
    });
    await expect(trophies.locator("[data-next]")).toContainText("Up next: First Break");
    await expect(trophies.getByRole("listitem").filter({ hasText: "7-Day Streak" })).toContainText(
      "Locked: 7-Day Streak",
    );
    await expect(trophies.getByText(/^Earned /)).toHaveCount(0);
    // The whole set is one tap away (three shown, so the shelf does not bury what is earned).
    await expect(trophies.getByRole("listitem")).toHaveCount(2);
    await expect(trophies.getByText("Locked: 250 Breaks")).toBeHidden();
    await trophies.getByText("Show All 9 Trophies").click();
    await expect(trophies.getByRole("listitem")).toHaveCount(8);
    await expect(trophies.getByRole("listitem").filter({ hasText: "250 Breaks" })).toContainText("Locked: 250 Breaks");
    await expect(trophies.getByText("Show Fewer Trophies")).toBeVisible();
    await trophies.getByText("Show Fewer Trophies").click();
    await expect(trophies.getByRole("listitem")).toHaveCount(2);

    const monday = addDays(today, -((weekday(today) + 6) % 7));
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width < 500 ? 812 : 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      if (width === 375) {
        // This month, as wide as the card and no wider: nothing in the calendar scrolls sideways.
        const month = monthView(page);
        await expect(month.title).toHaveText(monthName(today));
        await expectFitsWidth(page);
        // Only the month joined: no earlier or later one to page to, and the buttons say so.
        await expect(month.previous).toHaveAttribute("aria-disabled", "true");
        await expect(month.next).toHaveAttribute("aria-disabled", "true");
        // Every day of this month, the ones to come as empty squares.
        const dates = await grid.locator("[data-date]").evaluateAll((cells) => cells.map((c) => c.dataset.date!));
        expect(dates).toEqual(monthDates(today));
        expect(await grid.locator('[data-status="future"]').count()).toBe(dates.filter((d) => d > today).length);
        await expect(grid.locator(`[data-date="${today}"]`)).toHaveAttribute("tabindex", "0");
      } else {
        const geo = await heatmapGeometry(page);
        // The first column is the week the user joined: no months of nothing before it.
        expect(geo.firstDate).toBe(monday);
        // The days ahead are empty squares, not a blank strip.
        expect(await grid.locator('[data-status="future"]').count()).toBeGreaterThan(300);
        expectLabelsInPlace(geo);
        expect(geo.cell).toBeGreaterThanOrEqual(14);
        expect(geo.scrolls).toBe(false);
        expect(geo.gridWidth).toBeGreaterThan(geo.contentWidth - 60);
      }
      await expectNoAxeViolations(page);
      await screenshotAt(page, "history-new-user", width, testInfo);
    }
  });
});

test.describe("months of history on PostgreSQL", () => {
  test.describe.configure({ mode: "serial" });
  const base = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
  const dbName = `limber_e2e_history_${process.pid}`;
  const dbUrl = (() => {
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let server: ExtraServer;
  let email: string;
  const today = localToday(TZ);
  /** What was done on each past local date: both, the first only, none (paused days too). */
  const plan = new Map<string, "both" | "first" | "none">();
  // One sign-in for all the tests below (sign-in codes are limited per address), its cookies reused.
  let cookies: Cookie[] = [];
  const useSession = (context: BrowserContext) => context.addCookies(cookies);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const admin = new pg.Client({ connectionString: base });
    await admin.connect().catch((e: Error) => {
      throw new Error(`these tests need the machine's PostgreSQL (${base}): ${e.message}`);
    });
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // A port of its own next to this run's (E2E_PORT), so parallel runs on the machine do not meet.
    server = await startServer(Number(process.env.E2E_PORT ?? 3100) + 90, {
      DATABASE_URL: dbUrl,
      AUTH_SECRET: "e2e-history-secret-0123456789-abcdefghij",
      TRUST_PROXY: "1",
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  async function signIn(api: APIRequestContext) {
    const post = (p: string, data: unknown) => api.post(`${server.url}${p}`, { data, headers: { origin: server.url } });
    expect((await post("/api/auth/request-code", { email })).status()).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      const dir = path.join(server.dataDir, "outbox");
      for (const n of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
        const m = JSON.parse(await readFile(path.join(dir, n), "utf8")) as { to: string; subject: string };
        if (m.to === email) code ??= /\b(\d{6})\b/.exec(m.subject)?.[1];
      }
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect((await post("/api/auth/verify-code", { code })).status()).toBe(200);
  }

  test("seed: a New York user with 200 days of breaks, rest days and a pause", async ({ page }) => {
    email = uniqueEmail("history-seeded");
    await signIn(page.request);
    cookies = await page.context().cookies();
    const setup = await page.request.post(`${server.url}/api/user/setup`, {
      data: { timezone: TZ, times: ["08:30", "17:00"], durationPreference: 10 },
      headers: { origin: server.url },
    });
    expect(setup.status()).toBe(200);

    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]);
      const userId = rows[0]!.id;
      await client.query(
        `UPDATE user_settings SET "createdAt" = now() - interval '200 days', "streakAsOf" = NULL, "streakCount" = 0 WHERE "userId" = $1`,
        [userId],
      );
      let n = 0;
      for (let d = addDays(today, -199); d < today; d = addDays(d, 1)) {
        if (weekday(d) === 0 || weekday(d) === 6) continue;
        n += 1;
        const ago = (Date.parse(today) - Date.parse(d)) / DAY;
        const paused = ago >= 56 && ago <= 62;
        plan.set(d, paused || n % 17 === 5 ? "none" : n % 9 === 4 ? "first" : "both");
      }
      plan.set(today, "first");
      const values: string[] = [];
      const params: unknown[] = [userId];
      for (const [date, what] of plan) {
        for (const slot of what === "both" ? [0, 1] : what === "first" ? [0] : []) {
          params.push(date, slot);
          values.push(`(gen_random_uuid(), $1, $${params.length - 1}, $${params.length}, now())`);
        }
      }
      await client.query(
        `INSERT INTO breaks (id, "userId", "localDate", slot, "completedAt") VALUES ${values.join(", ")}`,
        params,
      );
      // Paused from 62 days ago (local noon) to 56 days ago (local noon): partly paused ends, paused days between.
      await client.query(
        `INSERT INTO pause_periods (id, "userId", "startedAt", "endedAt") VALUES (gen_random_uuid(), $1, ($2::date + time '16:00'), ($3::date + time '16:00'))`,
        [userId, addDays(today, -62), addDays(today, -56)],
      );
    } finally {
      await client.end();
    }
  });

  const dateWhere = (what: "both" | "first" | "none", filter: (d: string) => boolean = () => true) =>
    [...plan]
      .filter(([d, w]) => w === what && d !== today && filter(d))
      .map(([d]) => d)
      .at(-1)!;

  for (const width of [375, 1280]) {
    test(`/history at ${width} px: ${width === 375 ? "a month at a time" : "the year's heatmap"}, streaks, trophies, rates, the last 30 days, a table view; axe clean`, async ({
      page,
      context,
    }, testInfo) => {
      test.setTimeout(150_000); // several axe runs and a walk through the months, on a shared machine
      await useSession(context);
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto(`${server.url}/history`);
      await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
      // Here for all of last week: its recap is shown, with its numbers.
      const lastWeek = page.locator("[data-slot='card']").filter({
        has: page.getByRole("heading", { level: 2, name: "Last Week", exact: true }),
      });
      await expect(lastWeek.getByText("Breaks done", { exact: true })).toBeVisible();
      await expect(lastWeek.getByText("Minutes moved", { exact: true })).toBeVisible();

      const api = (await (await context.request.get(`${server.url}/api/user/history?days=365`)).json()) as {
        currentStreak: number;
        bestStreak: number;
        totals: { completed: number };
        days: { date: string; status: string; frozen?: true }[];
      };
      // Days a streak freeze was spent on (issue 33) show as frozen, not by their own status.
      const frozen = new Set(api.days.filter((d) => d.frozen).map((d) => d.date));
      await expect(
        page.getByText(`${api.currentStreak} ${api.currentStreak === 1 ? "day" : "days"}`, { exact: true }).first(),
      ).toBeVisible();
      await expect(page.getByText(String(api.totals.completed), { exact: true })).toBeVisible();
      expect(api.bestStreak).toBeGreaterThanOrEqual(api.currentStreak);

      // Trophies: the earned ones are marked earned in words (and in gold), the next one leads.
      const trophies = page.locator("[data-slot='card']").filter({
        has: page.getByRole("heading", { level: 2, name: "Trophies", exact: true }),
      });
      const firstBreak = trophies.getByRole("listitem").filter({ hasText: "First Break" });
      await expect(firstBreak).toHaveAttribute("data-earned", "true");
      await expect(firstBreak).toContainText(/^First Break\s*Earned \w{3} \d{1,2}, \d{4}$/);
      await expect(trophies.locator("[data-next]")).toContainText("Up next: ");
      // Gold for earned, grey for locked: the earned badge is a warm colour, not the grey of a locked one.
      const badgeColour = (item: import("@playwright/test").Locator) =>
        item
          .locator("span[aria-hidden='true']")
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await badgeColour(firstBreak)).not.toBe(await badgeColour(trophies.locator("[data-next]")));

      for (const text of ["All done", "Partly done", "Missed", "Streak freeze", "Rest day", "Paused"])
        await expect(page.getByRole("list", { name: "Legend" }).getByText(text, { exact: true })).toBeVisible();
      // no page-wide sideways scrolling
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const focusedDate = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date);
      const weekend = weekday(today) === 0 || weekday(today) === 6;
      // The seed marks slot 0 done today: on a weekend that is an extra break, and it counts.
      const todayName = `${longDate(today)}: ${weekend ? "all done, 1 of 1 break" : "today, 1 of 2 breaks so far"}`;

      if (width === 375) {
        // A phone: this month, as wide as the card, and earlier months a button (or a key) away.
        const month = monthView(page);
        const grid = month.grid;
        await expect(grid).toHaveAccessibleName(`Your First 12 Months ${monthName(today)}`);
        await expect(month.title).toHaveText(monthName(today));
        await expectFitsWidth(page);
        await expect(grid.getByRole("gridcell", { name: todayName, exact: true })).toHaveCount(1);
        await expect(month.next).toHaveAttribute("aria-disabled", "true");
        await expect(month.previous).not.toHaveAttribute("aria-disabled");

        // The previous month by keyboard: Enter on the button; the focus stays on it.
        const lastMonth = sameDayLastMonth(today);
        await month.previous.focus();
        await page.keyboard.press("Enter");
        await expect(month.title).toHaveText(monthName(lastMonth));
        await expect(month.previous).toBeFocused();
        await expectFitsWidth(page);
        // Its days, each with its own name: the weekends rest days, the days both breaks were done all done.
        const shown = monthDates(lastMonth);
        await expect(grid.locator("[data-date]")).toHaveCount(shown.length);
        const both = shown.filter((d) => plan.get(d) === "both");
        expect(both.length).toBeGreaterThan(5);
        for (const d of both)
          await expect(
            grid.getByRole("gridcell", { name: `${longDate(d)}: all done, 2 of 2 breaks`, exact: true }),
          ).toHaveCount(1);
        for (const d of shown.filter((d) => weekday(d) % 6 === 0))
          await expect(
            grid.getByRole("gridcell", { name: `${longDate(d)}: rest day, no breaks scheduled`, exact: true }),
          ).toHaveCount(1);
        // A tap names the day under the grid.
        await grid.locator(`[data-date="${both[0]}"]`).click();
        await expect(page.getByText(longDate(both[0]!), { exact: true })).toBeVisible();
        await expect(page.getByText("All done · 2 of 2 breaks", { exact: true })).toBeVisible();
        expect(await focusedDate()).toBe(both[0]);

        // The arrow keys move by day and by week, Page Up and Page Down by month, into the next month and back.
        const last = shown.at(-1)!;
        await grid.locator(`[data-date="${last}"]`).click();
        await page.keyboard.press("ArrowRight");
        expect(await focusedDate()).toBe(addDays(last, 1));
        await expect(month.title).toHaveText(monthName(today));
        await page.keyboard.press("ArrowUp");
        expect(await focusedDate()).toBe(addDays(last, -6));
        await expect(month.title).toHaveText(monthName(lastMonth));
        await page.keyboard.press("PageDown");
        await expect(month.title).toHaveText(monthName(today));
        await page.keyboard.press("PageUp");
        await expect(month.title).toHaveText(monthName(lastMonth));
        expect(await grid.locator('[tabindex="0"]').count()).toBe(1);

        // Back to the first month (the one joined, about 200 days ago), where Previous Month stops.
        const joined = api.days[0]!.date;
        await month.previous.focus();
        for (let i = 0; i < 12 && (await month.previous.getAttribute("aria-disabled")) !== "true"; i++)
          await page.keyboard.press("Enter");
        await expect(month.title).toHaveText(monthName(joined));
        await expect(month.previous).toHaveAttribute("aria-disabled", "true");
        await page.keyboard.press("Enter"); // nothing before it
        await expect(month.title).toHaveText(monthName(joined));
        await expect(month.previous).toBeFocused();
        if (!joined.endsWith("-01"))
          await expect(
            grid.getByRole("gridcell", { name: `${longDate(addDays(joined, -1))}: before you joined`, exact: true }),
          ).toHaveCount(1);
        await month.next.focus();
        await page.keyboard.press(" ");
        await expect(month.title).toHaveText(monthName(addDays(`${joined.slice(0, 7)}-01`, 31)));
        await expectNoAxeViolations(page);
        // Back to this month for the shots.
        await page.reload();
      } else {
        // A laptop: the whole year in one grid. Each status has a cell with a readable name.
        // Joined 200 days ago: the grid starts at the sign-up week.
        const grid = page.getByRole("grid", { name: "Your First 12 Months" });
        await expect(
          grid.getByRole("gridcell", { name: `${longDate(dateWhere("both"))}: all done, 2 of 2 breaks` }),
        ).toHaveCount(1);
        await expect(
          grid.getByRole("gridcell", {
            name: `${longDate(dateWhere("first", (d) => !frozen.has(d)))}: partly done, 1 of 2 breaks`,
          }),
        ).toHaveCount(1);
        const pausedDay = addDays(today, -59);
        if (weekday(pausedDay) !== 0 && weekday(pausedDay) !== 6)
          await expect(
            grid.getByRole("gridcell", { name: new RegExp(`^${longDate(pausedDay)}: reminders paused`) }),
          ).toHaveCount(1);
        const missed = dateWhere("none", (d) => (Date.parse(today) - Date.parse(d)) / DAY < 50 && !frozen.has(d));
        await expect(grid.getByRole("gridcell", { name: `${longDate(missed)}: missed, 0 of 2 breaks` })).toHaveCount(1);
        // This history's runs are long enough to earn freezes: the last one spent has its own cell.
        const lastFrozen = [...frozen].at(-1)!;
        expect(lastFrozen).toBeDefined();
        await expect(
          grid.getByRole("gridcell", {
            name: new RegExp(`^${longDate(lastFrozen)}: streak freeze used, your streak was kept`),
          }),
        ).toHaveCount(1);
        const saturday = [...Array(7).keys()].map((i) => addDays(today, -1 - i)).find((d) => weekday(d) === 6)!;
        await expect(
          grid.getByRole("gridcell", { name: `${longDate(saturday)}: rest day, no breaks scheduled` }),
        ).toHaveCount(1);
        await expect(grid.getByRole("gridcell", { name: todayName })).toHaveCount(1);

        // one tab stop; arrow keys move by week and by day
        expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
        await grid.locator('[tabindex="0"]').focus();
        const start = (await focusedDate())!;
        expect(start).toBe(today);
        await page.keyboard.press("ArrowLeft");
        expect(await focusedDate()).toBe(addDays(today, -7));
        await page.keyboard.press(weekday(today) === 1 ? "ArrowDown" : "ArrowUp");
        expect(await focusedDate()).toBe(addDays(today, weekday(today) === 1 ? -6 : -8));
        await expect(page.getByText(longDate((await focusedDate())!), { exact: true })).toBeVisible();
        // pointer: hovering a day names it; a click makes it the focused, active day
        const hoverDay = addDays(today, -14);
        await grid.locator(`[data-date="${hoverDay}"]`).hover();
        await expect(page.getByText(longDate(hoverDay), { exact: true })).toBeVisible();
        const clickDay = addDays(today, -21);
        await grid.locator(`[data-date="${clickDay}"]`).click();
        expect(await focusedDate()).toBe(clickDay);
        expect(await grid.locator(`[data-date="${clickDay}"]`).getAttribute("tabindex")).toBe("0");

        // all 53 weeks in view, none scrolled away
        const visibleWeeks = await grid.evaluate((g) => {
          const box = g.closest(".overflow-x-auto")!.getBoundingClientRect();
          const xs = new Set<number>();
          for (const c of g.querySelectorAll<HTMLElement>('[role="gridcell"]')) {
            const r = c.getBoundingClientRect();
            if (r.left >= box.left - 0.5 && r.right <= box.right + 0.5) xs.add(Math.round(r.left));
          }
          return xs.size;
        });
        expect(visibleWeeks).toBe(53);
        // Readable squares that fill the card; month names over their columns, never over the weekday names.
        const geo = await heatmapGeometry(page);
        expectLabelsInPlace(geo);
        expect(geo.labels.length).toBeGreaterThanOrEqual(11);
        expect(geo.cell).toBeGreaterThanOrEqual(14);
        expect(geo.scrolls).toBe(false);
        expect(geo.gridWidth).toBeGreaterThan(geo.contentWidth - 60);
      }

      // weekday and break rates, the last 30 days
      await expect(page.getByRole("heading", { name: "By Weekday" })).toBeVisible();
      await expect(page.getByText("First break (8:30 AM)")).toBeVisible();
      const last30 = page
        .getByRole("heading", { name: "Last 30 Days" })
        .locator("xpath=ancestor::*[@data-slot='card'][1]")
        .getByRole("listitem");
      await expect(last30).toHaveCount(30);

      await expectNoAxeViolations(page);
      await screenshotAt(page, "history", width, testInfo);
      // the calendar card alone, as it looks on screen (the full page shows the fixed navigation mid-page)
      const card = testInfo.outputPath(`history-heatmap-${width}.png`);
      await page
        .getByTestId("history-calendar")
        .locator("xpath=ancestor::*[@data-slot='card'][1]")
        .screenshot({ path: card, style: HIDE_FIXED });
      await testInfo.attach(`history-heatmap-${width}`, { path: card, contentType: "image/png" });

      // the table view: every day, for screen readers and anyone who prefers it
      await page.getByRole("button", { name: "Show as a Table" }).click();
      const table = page.getByRole("table");
      await expect(table.getByRole("row")).toHaveCount(1 + api.days.length);
      await expect(
        table.getByRole("row", { name: `${mediumDate(dateWhere("first", (d) => !frozen.has(d)))} Partly done 1 of 2` }),
      ).toBeVisible();
      await expect(
        table.getByRole("row", { name: `${mediumDate([...frozen].at(-1)!)} Streak freeze`, exact: false }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test("the dashboard's streak agrees with the history page", async ({ page, context }) => {
    await useSession(context);
    await page.goto(`${server.url}/dashboard`);
    const dash = (await (await context.request.get(`${server.url}/api/user/dashboard`)).json()) as {
      streakCount: number;
    };
    const hist = (await (await context.request.get(`${server.url}/api/user/history`)).json()) as {
      currentStreak: number;
    };
    expect(hist.currentStreak).toBe(dash.streakCount);
    await page.getByRole("link", { name: "See your history" }).click();
    await page.waitForURL("**/history");
  });

  for (const width of [375, 1280]) {
    test(`Settings at ${width} px: the calendar link and the data download; axe clean`, async ({
      page,
      context,
    }, testInfo) => {
      await useSession(context);
      await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
      await page.goto(`${server.url}/settings`);
      await expect(page.getByRole("heading", { name: "Add Breaks to Your Calendar" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Download My Data" })).toBeVisible();

      await page.getByRole("button", { name: "Show My Calendar Link" }).click();
      const field = page.getByLabel("Your private calendar link");
      await expect(field).toHaveValue(new RegExp(`^${server.url}/api/calendar/[A-Za-z0-9_-]{22}\\.ics$`));
      const url = await field.inputValue();
      const webcal = url.replace(/^http:/, "webcal:");
      await expect(page.getByRole("link", { name: "Subscribe in Your Calendar App" })).toHaveAttribute("href", webcal);
      await expect(page.getByRole("link", { name: /Add to Google Calendar/ })).toHaveAttribute(
        "href",
        `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
      );

      // the feed itself: no session needed
      const anon = await page.context().browser()!.newContext();
      const feed = await anon.request.get(url);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      const ics = (await feed.text()).replace(/\r\n /g, "");
      expect(ics).toContain(`DTSTART;TZID=${TZ}:`);
      expect(ics).toContain("T083000");
      expect(ics).toContain("SUMMARY:Movement break (10 min)");
      expect(ics).toContain(`URL:${server.url}/dashboard`);

      await expectNoAxeViolations(page);
      await page.getByRole("heading", { name: "Add Breaks to Your Calendar" }).scrollIntoViewIfNeeded();
      await screenshotAt(page, "settings-calendar-export", width, testInfo);
      // the two new sections alone, as they look on screen
      for (const name of ["Add Breaks to Your Calendar", "Download My Data"]) {
        const file = testInfo.outputPath(`settings-${name.split(" ")[0]!.toLowerCase()}-${width}.png`);
        await page
          .getByRole("heading", { name })
          .locator("xpath=ancestor::*[@data-slot='card'][1]")
          .screenshot({ path: file, style: HIDE_FIXED });
        await testInfo.attach(`settings-${name}-${width}`, { path: file, contentType: "image/png" });
      }

      // downloads: JSON with everything of this user's, CSV of the breaks
      const [json] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download All Data (JSON)" }).click(),
      ]);
      expect(json.suggestedFilename()).toMatch(/^limber-data-\d{4}-\d{2}-\d{2}\.json$/);
      const data = JSON.parse(await readFile((await json.path())!, "utf8")) as {
        account: { email: string };
        breaks: unknown[];
        pausePeriods: unknown[];
      };
      expect(data.account.email).toBe(email);
      expect(data.breaks.length).toBeGreaterThan(200);
      expect(data.pausePeriods).toHaveLength(1);
      const [csv] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download Breaks (CSV)" }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^limber-breaks-\d{4}-\d{2}-\d{2}\.csv$/);
      const csvText = await readFile((await csv.path())!, "utf8");
      expect(csvText.startsWith("date,slot,break,completed_at,skipped\r\n")).toBe(true);
      expect(csvText.trimEnd().split("\r\n")).toHaveLength(1 + data.breaks.length);

      // reset: a new link, the old one is gone
      await page.getByRole("button", { name: "Reset Link" }).click();
      await expect(page.getByRole("alertdialog", { name: "Reset Your Calendar Link?" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("alertdialog").getByRole("button", { name: "Reset Link" }).click();
      await expect(page.getByText("Calendar link reset")).toBeVisible();
      await expect(field).not.toHaveValue(url);
      expect((await anon.request.get(url)).status()).toBe(404);
      expect((await anon.request.get(await field.inputValue())).status()).toBe(200);
      await anon.close();
    });
  }
});
