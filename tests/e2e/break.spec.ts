// The break itself, in the app: today's exercises on the dashboard, the guided break with its timer
// (driven by Playwright's clock), done and undone from the dashboard, a rest day, and the guided
// break opened from a reminder e-mail without a session.
import type { Page, TestInfo } from "@playwright/test";
import { E2E_ENV } from "../../playwright.config";
import { phaseAt, phasesOf, READY_MS, stepName, summaryOf, type Phase } from "../../lib/breaks/phases";
import { stepDisplay } from "../../lib/breaks/phases-steps";
import type { TodayView } from "../../lib/breaks/types";
import {
  expect,
  expectNoAxeViolations,
  outbox,
  pauseClock,
  test,
  uniqueEmail,
  type LoginPage,
} from "./support/fixtures";
import { localHhmm, zoneWithLocalHour } from "./support/local-time";

// Setup and the reminder times use the browser's zone: make it the server's (UTC).
test.use({ timezoneId: "UTC" });

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function mmss(ms: number) {
  const s = Math.ceil(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/** A signed-in, onboarded user with breaks every day, tailored preferences and `duration` minutes. */
async function breakUser(
  page: Page,
  login: LoginPage,
  prefix: string,
  { times = ["10:00", "15:00"], duration = 15, timezone = "UTC" } = {},
) {
  const email = uniqueEmail(prefix);
  // Every day from the first schedule on, so today has both breaks whatever the weekday and hour.
  await login.signInOnboarded(email, times, { activeDays: ALL_DAYS, timezone });
  const put = await page.request.put("/api/user/settings", {
    data: { duration_preference: duration, movement_prefs: "sore knee, no equipment" },
  });
  expect(put.status()).toBe(200);
  return email;
}

async function today(page: Page): Promise<TodayView> {
  const res = await page.request.get("/api/user/today");
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * A full-page screenshot at `width` (default: the page's own), taken through a viewport as tall as
 * the page so the sticky header and the fixed bottom navigation sit where a user sees them.
 */
async function shot(page: Page, name: string, testInfo: TestInfo, width = page.viewportSize()!.width) {
  const before = page.viewportSize()!;
  const base = { width, height: width < 500 ? 812 : 900 };
  await page.setViewportSize(base);
  await page.evaluate(() => window.scrollTo(0, 0));
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height: Math.max(base.height, height) });
  // As screenshotAt (fixtures) names and attaches them, which would reset the viewport's height.
  const file = testInfo.outputPath(`${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(`${name}-${width}`, { path: file, contentType: "image/png" });
  await page.setViewportSize(before);
}

const announcer = (page: Page) => page.getByTestId("break-announcer");

const minutes = (m: number) => `${m} ${m === 1 ? "minute" : "minutes"}`;

/** The player's one progress bar: the whole break, a segment per step. */
const progressOf = (page: Page) => page.getByRole("progressbar", { name: "Break progress" });

/** The small "Exercise 1 of 3" over the exercise's name (none on a break of one exercise). */
const exerciseOfLine = (page: Page) => page.getByTestId("exercise-of");

/** Which exercise of how many the player is on: said by the progress bar, and shown over the exercise's name. */
async function exerciseOf(page: Page, n: number, of: number) {
  await expect(progressOf(page)).toHaveAttribute("aria-valuetext", new RegExp(`\\(exercise ${n} of ${of}\\)`));
  await expect(exerciseOfLine(page)).toHaveText(`Exercise ${n} of ${of}`);
}

/** The running player's one way out, in its header row beside the exercise's name and the sound switch. */
const endBreak = (page: Page) => page.getByRole("button", { name: "End Break Now", exact: true });

/**
 * End Break Now in the player's header row: level with the exercise's name (the eyebrow over it
 * included), right of it, a 44 px target, on the first screen without scrolling (at 375×812 it was
 * once the last thing on the page, under the steps, below the fold).
 */
async function endInHeader(page: Page) {
  await expect(endBreak(page)).toHaveCount(1);
  await expect(endBreak(page)).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const end = (await endBreak(page).boundingBox())!;
  const name = (await page.locator("#exercise-name").boundingBox())!;
  const sound = (await page.getByRole("button", { name: /^Sound (On|Off)$/ }).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(end.height, "a 44 px target").toBeGreaterThanOrEqual(44);
  expect(end.width, "a 44 px target").toBeGreaterThanOrEqual(44);
  expect(end.y, "on the first screen").toBeGreaterThanOrEqual(0);
  expect(end.y + end.height, "on the first screen").toBeLessThanOrEqual(viewport.height);
  expect(end.x + end.width, "inside the screen").toBeLessThanOrEqual(viewport.width);
  expect(end.x, "right of the name").toBeGreaterThanOrEqual(name.x + name.width);
  expect(end.x, "right of the sound switch").toBeGreaterThanOrEqual(sound.x + sound.width);
  expect(Math.abs(end.y + end.height / 2 - (sound.y + sound.height / 2)), "in the sound switch's row").toBeLessThan(2);
  // The header row stands above the progress bar.
  const bar = (await progressOf(page).boundingBox())!;
  expect(end.y + end.height).toBeLessThanOrEqual(bar.y);
}

/** The current step's name ("Get ready", "Round 1 of 3 · Side 2 of 2", "Set 2 of 4", "Rest"). */
const phaseLabel = (page: Page) => page.getByTestId("phase-label");
const headline = (phase: Phase) => stepDisplay(phase).name;

/** The small line naming the next step ("Next: Rest, 10 s"), or before the start the exercise's plan. */
const nextStepOf = (page: Page) => page.getByTestId("next-step");

/** Transition time of the current step's fill, in seconds (globals.css cuts it to 0.01 ms under reduced motion). */
const fillTransition = (page: Page) =>
  progressOf(page)
    .locator('[data-state="current"] > span')
    .evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));

/** axe waits on timers: let the clock run while it scans, then stop it again. */
async function scan(page: Page) {
  await page.clock.resume();
  await expectNoAxeViolations(page);
  await pauseClock(page);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 812 : 900 } });

    test("a break opened from the dashboard runs with its timer, counts with Mark as Done, and the dashboard marks done and undoes", async ({
      page,
      login,
    }, testInfo) => {
      test.slow(); // a sign-in, a dozen axe scans and screenshots
      await page.clock.install();
      // Early morning where the user is: both breaks are still ahead (none was due before joining),
      // whatever hour the suite runs.
      await breakUser(page, login, `break-${width}`, { timezone: zoneWithLocalHour(1, 9) });
      const view = await today(page);
      expect(view.breaks.map((b) => b.timeDisplay)).toEqual(["10:00 AM", "3:00 PM"]);
      const [first] = view.breaks;
      const ex = first!.exercises;
      expect(ex).toHaveLength(3); // 15 minutes: three exercises from the built-in library
      const ms = ex.map((e) => e.minutes * 60_000);
      const total = ms.reduce((a, b) => a + b, 0);
      // Each exercise starts with a get-ready countdown; the timer then counts down each phase.
      const phases = ex.map((e, i) => phasesOf(e, ms[i]!));
      const phaseLeft = (i: number, elapsed: number) => mmss(phaseAt(phases[i]!, elapsed).remaining);

      // The dashboard: the row opens to today's exercises for these preferences.
      await page.goto("/dashboard");
      // The next break is named once: by the Now card, not again by a line under the date.
      await expect(
        page.getByTestId("now-card").getByRole("heading", { name: "10:00 AM Movement Break" }),
      ).toBeVisible();
      await expect(page.getByText(/^Next reminder: today at/)).toHaveCount(0);
      const row = page.getByRole("button", { name: /^10:00 AM Movement Break/ });
      await expect(row).toHaveAttribute("aria-expanded", "false");
      await row.click();
      await expect(row).toHaveAttribute("aria-expanded", "true");
      const panel = page.getByRole("region", { name: "10:00 AM break" });
      for (const e of ex) {
        await expect(panel.getByText(`${e.name} · ${e.minutes} min`, { exact: true })).toBeVisible();
        await expect(panel.getByText(e.steps[0]!, { exact: true })).toBeVisible();
      }
      await expect(panel.getByText("15 minutes · 3 exercises")).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, "dashboard-row-open", testInfo);

      // The guided break, on the clock.
      // Its Start is the Now card's (the 10:00 break is next): the row does not repeat it.
      await expect(panel.getByRole("link", { name: "Start Break" })).toHaveCount(0);
      await page.getByTestId("now-card").locator('a[href="/break/0"]').click();
      await page.waitForURL("**/break/0");
      await expect(page.getByRole("heading", { name: "Your 15-Minute Movement Break", level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { name: ex[0]!.name, level: 2 })).toBeVisible();
      // Which exercise of how many, over its name, before the start too; no End Break Now before the start.
      await expect(exerciseOfLine(page)).toHaveText("Exercise 1 of 3");
      const eyebrow = (await exerciseOfLine(page).boundingBox())!;
      const name = (await page.getByRole("heading", { name: ex[0]!.name, level: 2 }).boundingBox())!;
      expect(eyebrow.y + eyebrow.height, "over the exercise's name").toBeLessThanOrEqual(name.y + 1);
      expect(Math.abs(eyebrow.x - name.x), "aligned with it").toBeLessThan(1);
      await expect(endBreak(page)).toHaveCount(0);
      const timer = page.getByRole("timer");
      await expect(timer).toHaveText(mmss(ms[0]!));
      await expect(phaseLabel(page)).toHaveText("Ready when you are");
      // One bar for the whole break: a segment per step of every exercise, none current yet.
      const bar = progressOf(page);
      await expect(bar.locator("[data-state]")).toHaveCount(phases.flat().length);
      await expect(bar.locator('[data-state="current"]')).toHaveCount(0);
      // Under it, what the segments count: the whole break, then the minutes left.
      const caption = page.getByTestId("break-progress-caption");
      const breakMs = phases.flat().reduce((a, p) => a + p.ms, 0);
      await expect(caption).toHaveText("15 min in all");
      await expect(page.getByRole("button", { name: "Previous Step" })).toBeDisabled();
      await expect(page.getByRole("button", { name: "Next Step" })).toBeDisabled();
      await pauseClock(page);
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page.getByRole("button", { name: "Pause" })).toBeFocused(); // the same button, relabelled
      await expect(announcer(page)).toHaveText(`Started. Exercise 1 of 3: ${ex[0]!.name}, ${minutes(ex[0]!.minutes)}.`);
      await expect(phaseLabel(page)).toHaveText("Get ready");
      await expect(timer).toHaveText("00:05");

      await page.clock.runFor(61_000);
      const at61 = phaseAt(phases[0]!, 61_000).phase;
      await expect(phaseLabel(page)).toHaveText(headline(at61));
      await expect(timer).toHaveText(phaseLeft(0, 61_000));
      await expect(timer).toHaveAccessibleName(/^Time left in this (set|rest): (\d+ minutes? )?\d+ seconds?$/);
      // The get-ready seconds are not exercise time.
      await expect(bar).toHaveAttribute("aria-valuenow", String(Math.round(((61_000 - READY_MS) / total) * 100)));
      const k61 = phaseAt(phases[0]!, 61_000).index;
      await expect(bar).toHaveAttribute(
        "aria-valuetext",
        new RegExp(`^Step ${k61 + 1} of ${phases.flat().length}: .*\\(exercise 1 of 3\\)`),
      );
      await expect(bar.locator('[data-state="current"]')).toHaveAttribute("data-kind", at61.kind);
      await expect(bar.locator('[data-state="past"]')).toHaveCount(k61);
      await expect(caption).toHaveText(`About ${Math.round((breakMs - 61_000) / 60_000)} min left in this break`);
      await expect(bar).toHaveAttribute("aria-valuetext", /\. About \d+ min left in this break\.$/);
      // One progress readout: the bar and its minutes left (no second bar, no step count or
      // percentage beside it); which exercise of how many is said once, over the exercise's name.
      await expect(page.getByRole("progressbar")).toHaveCount(1);
      await expect(page.getByText(/^Step \d+ of \d+$|% done$/)).toHaveCount(0);
      await expect(page.getByText(/^Exercise \d+ of \d+$/)).toHaveCount(1);
      await exerciseOf(page, 1, 3);
      // The way out, on the first screen at both widths, in the header row.
      await endInHeader(page);
      expect(await fillTransition(page)).toBe(0.3);
      await shot(page, "break-running", testInfo);
      await scan(page);

      // Pause once, across a long gap: the countdown holds.
      await page.getByRole("button", { name: "Pause" }).click();
      await expect(announcer(page)).toHaveText("Paused.");
      await expect(page.getByText("Paused", { exact: true })).toBeVisible();
      const held = (await timer.textContent())!;
      await page.clock.fastForward(20 * 60_000);
      await expect(timer).toHaveText(held);
      await expect(page.getByRole("button", { name: "Resume" })).toHaveAttribute("aria-keyshortcuts", "Space");
      await scan(page);
      await expect(timer).toHaveText(held);
      await shot(page, "break-paused", testInfo);

      // Keys, with the focus away from the controls: Space resumes, → goes to the next step, ← back
      // to the previous one, its time in full again (the clock stands still: the times are exact).
      // (The axe scans let the clock run: the step it stopped on is the bar's.)
      await exerciseOf(page, 1, 3);
      const k = await bar.locator('[data-state="past"]').count();
      expect(k).toBeGreaterThan(0);
      await page.getByRole("heading", { name: ex[0]!.name, level: 2 }).click();
      await page.keyboard.press("Space");
      await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
      await expect(announcer(page)).toHaveText("Resumed.");
      await page.keyboard.press("ArrowRight");
      if (k + 1 < phases[0]!.length) {
        await expect(phaseLabel(page)).toHaveText(headline(phases[0]![k + 1]!));
        await expect(timer).toHaveText(mmss(phases[0]![k + 1]!.ms));
      } else {
        // From an exercise's last step: the next exercise, from its get-ready countdown.
        await exerciseOf(page, 2, 3);
        await expect(page.getByRole("heading", { name: ex[1]!.name, level: 2 })).toBeVisible();
        await expect(phaseLabel(page)).toHaveText("Get ready");
        await expect(timer).toHaveText("00:05");
        await expect(announcer(page)).toHaveText(`Exercise 2 of 3: ${ex[1]!.name}, ${minutes(ex[1]!.minutes)}.`);
      }
      await page.keyboard.press("ArrowLeft");
      await exerciseOf(page, 1, 3);
      await expect(phaseLabel(page)).toHaveText(headline(phases[0]![k]!));
      await expect(timer).toHaveText(mmss(phases[0]![k]!.ms));
      await page.getByRole("button", { name: "Previous Step" }).click();
      await expect(phaseLabel(page)).toHaveText(headline(phases[0]![k - 1]!));
      await expect(timer).toHaveText(mmss(phases[0]![k - 1]!.ms));
      await expect(bar.locator('[data-state="past"]')).toHaveCount(k - 1);

      // The clock runs the first exercise out (from that step to its end): the second follows on its own.
      const from = phases[0]!.slice(0, k - 1).reduce((a, p) => a + p.ms, 0);
      await page.clock.runFor(READY_MS + ms[0]! - from + 7000);
      await exerciseOf(page, 2, 3);
      await expect(phaseLabel(page)).toHaveText(headline(phaseAt(phases[1]!, 7000).phase));
      await expect(timer).toHaveText(phaseLeft(1, 7000));

      // A reload keeps the run (sessionStorage): still the second exercise, still running.
      await page.clock.resume();
      await page.reload();
      await exerciseOf(page, 2, 3);
      await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
      await pauseClock(page);

      // A throttled tab: one late tick crosses into the last exercise; Next Step near its end, to its
      // last step and past it, finishes, complete (the time really spent is what counts, see the
      // skipped break below).
      await page.clock.fastForward(ms[1]!);
      await exerciseOf(page, 3, 3);
      await page.clock.fastForward(ms[2]! - 20_000);
      await exerciseOf(page, 3, 3);
      const lastAt = phaseAt(phases[2]!, READY_MS + ms[2]! - 23_000).index;
      for (let i = lastAt; i < phases[2]!.length - 1; i++) {
        await page.getByRole("button", { name: "Next Step" }).click();
        await expect(phaseLabel(page)).toHaveText(headline(phases[2]![i + 1]!));
      }
      await expect(nextStepOf(page)).toHaveText("Last step");
      await page.getByRole("button", { name: "Next Step" }).click();
      const finished = page.getByRole("heading", { name: "Break Complete!", exact: true });
      await expect(finished).toBeFocused();
      await expect(announcer(page)).toHaveText("Break complete. Well done! Choose Mark as Done to count it.");
      await shot(page, "break-finished", testInfo);

      // TanStack Query hands results over on a timer (as axe does): let time flow again.
      await page.clock.resume();
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Mark as Done", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeFocused();
      await expect(page.getByText("1 of 2 breaks done today", { exact: true })).toBeVisible();
      await expect(page.getByText("1 more break today starts your streak!")).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, "break-counted", testInfo);

      // Back on the dashboard, the count follows; mark the other break done, then undo it.
      await page.getByRole("link", { name: "Back to Dashboard", exact: true }).click();
      await page.waitForURL("**/dashboard");
      await expect(page.getByText("2 movements scheduled today, 1 completed")).toBeVisible();
      await expect(page.getByRole("progressbar", { name: "Today's movement progress" })).toHaveAttribute(
        "aria-valuenow",
        "50",
      );
      // The 3:00 PM break is now the Now card's: its row leaves Start and Done to the card.
      const second = page.getByRole("button", { name: /^3:00 PM Movement Break/ });
      await second.click();
      const panel2 = page.getByRole("region", { name: "3:00 PM break" });
      const card = page.getByTestId("now-card");
      await expect(card.getByRole("heading", { name: "3:00 PM Movement Break" })).toBeVisible();
      await expect(panel2.getByRole("button", { name: "Mark as Done" })).toHaveCount(0);
      await expect(panel2.getByRole("link", { name: "Start Break" })).toHaveCount(0);
      const mark = card.getByRole("button", { name: "Mark as Done", exact: true });
      await mark.focus();
      await page.keyboard.press("Enter");
      // The card becomes the finished day's, with the focus on it; the open row offers the Undo.
      await expect(card.getByRole("heading", { name: "All Done for Today" })).toBeFocused();
      const undo = panel2.getByRole("button", { name: "Undo" });
      await expect(undo).toBeVisible();
      await expect(page.getByText("2 movements scheduled today, 2 completed")).toBeVisible();
      await expect(page.getByText("Complete!", { exact: true })).toBeVisible();
      await expect(page.getByText("Great job! You've reached your daily movement goal.")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Current Streak" })).toBeVisible();
      // One celebration at a time: the day's goal is the celebration's, with no "Break completed" toast over it.
      await expect(page.getByTestId("now-card")).toHaveAttribute("data-celebration", "goal");
      await expect(page.locator("[data-celebration]")).toHaveCount(1);
      await expect(page.getByText("Break Completed")).toHaveCount(0);
      await expect(second).toContainText("Done");

      // Undo from the row: the keyboard user stays on the control, which stays in the row.
      await undo.focus();
      await page.keyboard.press("Enter");
      await expect(panel2.getByRole("button", { name: "Mark as Done", exact: true })).toBeFocused();
      await expect(page.getByText("2 movements scheduled today, 1 completed")).toBeVisible();
      await expect(page.getByText("Break Undone", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Start Your Journey" })).toBeVisible();
      await expect(second).not.toContainText("Done");
      const numbers = await (await page.request.get("/api/user/dashboard")).json();
      expect(numbers).toMatchObject({ completedToday: 1, totalToday: 2, streakCount: 0 });
    });
  });
}

test("reduced motion: no animated bar; the screen is kept awake only while running; a pulse at each change", async ({
  page,
  login,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  // Records the wake lock and vibration calls (headless Chromium has neither for real).
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __device: string[] }).__device = log;
    const lock = () => {
      const sentinel = {
        released: false,
        release: async () => {
          sentinel.released = true;
          log.push("release");
        },
        addEventListener() {},
        removeEventListener() {},
      };
      return sentinel;
    };
    Object.defineProperty(navigator, "wakeLock", {
      configurable: true,
      value: { request: async (type: string) => (log.push(`request:${type}`), lock()) },
    });
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: (p: unknown) => (log.push(`vibrate:${JSON.stringify(p)}`), true),
    });
  });
  const device = () => page.evaluate(() => (window as unknown as { __device: string[] }).__device);
  // A paused clock: no phase changes (each with its pulse) but the ones this test makes.
  await page.clock.install();
  await breakUser(page, login, "break-motion", { duration: 10 });
  await page.goto("/break/1");
  await expect(page.getByRole("heading", { name: "Your 10-Minute Movement Break" })).toBeVisible();
  await pauseClock(page);
  await expect(page.getByRole("button", { name: "Previous Step" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Next Step" })).toBeDisabled();
  expect(await device()).toEqual([]);

  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
  expect(await fillTransition(page)).toBeLessThan(0.001);
  await expect.poll(device).toEqual(["request:screen"]);

  await page.getByRole("button", { name: "Pause" }).click();
  await expect.poll(device).toEqual(["request:screen", "release"]);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect.poll(device).toEqual(["request:screen", "release", "request:screen"]);
  await page.getByRole("button", { name: "Next Step" }).click();
  await expect(phaseLabel(page)).not.toHaveText("Get ready");
  await expect.poll(device).toEqual(["request:screen", "release", "request:screen", "vibrate:150"]);
  await page.getByRole("button", { name: "End Break Now", exact: true }).click();
  // Ended seconds in: skipped, not complete (the reducer counts the time really spent).
  await expect(page.getByRole("heading", { name: "You Skipped This Break", exact: true })).toBeFocused();
  await expect
    .poll(device)
    .toEqual(["request:screen", "release", "request:screen", "vibrate:150", "release", "vibrate:[120,80,120]"]);
  await page.clock.resume(); // axe waits on timers
  await expectNoAxeViolations(page);

  // "Start Again" starts over, ready, with the focus on Start.
  await page.getByRole("button", { name: "Start Again", exact: true }).click();
  await expect(page.getByRole("button", { name: "Start" })).toBeFocused();
  await expect(phaseLabel(page)).toHaveText("Ready when you are");
});

test("a coached break: get ready 3-2-1, rounds and rests read from the exercise, a beep and a pulse at each change, and a sound switch that is remembered", async ({
  page,
  login,
}, testInfo) => {
  test.slow(); // a sign-in, axe scans and six screenshots
  // Records the beeps (each oscillator's pitch as it starts) and the vibrations.
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __cues: string[] }).__cues = log;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: Parameters<typeof start>) {
      log.push(`beep:${this.frequency.value}`);
      return start.apply(this, args);
    };
    Object.defineProperty(navigator, "vibrate", {
      configurable: true,
      value: (p: unknown) => (log.push(`vibrate:${JSON.stringify(p)}`), true),
    });
  });
  const cues = () => page.evaluate(() => (window as unknown as { __cues: string[] }).__cues.splice(0));
  await page.clock.install();
  await login.signInOnboarded(uniqueEmail("coached"), ["10:00", "15:00"], { activeDays: ALL_DAYS });
  // Five minutes with a band for the legs: the library's one fit is a move done in rounds, each leg
  // in turn, with breaths between the rounds.
  const put = await page.request.put("/api/user/settings", {
    data: { duration_preference: 5, movement_prefs: "Focus on my legs, I have a resistance band" },
  });
  expect(put.status()).toBe(200);
  const ex = (await today(page)).breaks[0]!.exercises[0]!;
  const phases = phasesOf(ex, ex.minutes * 60_000);
  const work = phases.findIndex((p) => p.kind === "work");
  const rest = phases.findIndex((p) => p.kind === "rest");
  expect(rest, `a rest between rounds in ${JSON.stringify(ex.steps)}`).toBeGreaterThan(work);
  const startOf = (i: number) => phases.slice(0, i).reduce((a, p) => a + p.ms, 0);
  const timer = page.getByRole("timer");
  const sound = page.getByRole("button", { name: /^Sound (On|Off)$/ });
  /** The toggle's state three ways: pressed, its words and its icon agree. */
  const soundIs = async (on: boolean) => {
    await expect(sound).toHaveAttribute("aria-pressed", String(on));
    await expect(sound).toHaveText(on ? "Sound On" : "Sound Off");
    await expect(sound.locator(on ? "svg.lucide-volume-2" : "svg.lucide-volume-x")).toHaveCount(1);
  };
  const next = nextStepOf(page);
  const current = progressOf(page).locator('[data-state="current"]');

  await page.goto("/break/0");
  await expect(page.getByRole("heading", { name: ex.name, level: 2 })).toBeVisible();
  await soundIs(true); // on by default
  await expect(phaseLabel(page)).toHaveText("Ready when you are");
  await expect(next).toHaveText(summaryOf(ex, phases)!); // the plan in a line
  await pauseClock(page);
  await page.getByRole("button", { name: "Start" }).click();

  // Get ready: 00:05 to 00:01, in the same mm:ss as every set and rest, ticking its last three seconds.
  await expect(phaseLabel(page)).toHaveText("Get ready");
  await expect(next).toHaveText(`Next: ${stepName(phases[1]!)}`);
  await expect(current).toHaveAttribute("data-kind", "ready");
  await expect(timer).toHaveText("00:05");
  await expect(timer).toHaveAccessibleName("Time left in this countdown: 5 seconds");
  await shot(page, "coached-get-ready", testInfo, 375);
  await shot(page, "coached-get-ready", testInfo, 1280);
  // axe lets the clock run: scanned paused, so the countdown stays put.
  await page.getByRole("button", { name: "Pause" }).click();
  await scan(page);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(timer).toHaveText("00:05");
  await cues();
  await page.clock.runFor(2000);
  await expect(timer).toHaveText("00:03");
  await expect.poll(cues).toEqual(["beep:660"]);

  // The first round: the round and side, its reps as the big number (what to do), the countdown
  // under them said to be the time for the reps; a higher beep and a pulse.
  await page.clock.runFor(READY_MS - 2000);
  const firstSet = phases[work]!;
  expect(firstSet.reps, `reps in ${JSON.stringify(ex.steps)}`).not.toBeNull();
  await expect(phaseLabel(page)).toHaveText(headline(firstSet));
  await expect(phaseLabel(page)).toContainText(firstSet.label);
  await expect(page.getByTestId("phase-number")).toHaveText(`${firstSet.reps} reps`);
  await expect(page.getByTestId("phase").getByText("left for the reps", { exact: true })).toBeVisible();
  await expect(next).toHaveText(`Next: ${stepName(phases[work + 1]!)}`);
  await expect(current).toHaveAttribute("data-kind", "work");
  await expect(timer).toHaveText(mmss(phases[work]!.ms));
  const ticks = await cues();
  expect(ticks.filter((c) => c === "beep:660")).toHaveLength(2); // 2 and 1
  expect(ticks.slice(-2)).toEqual(["vibrate:150", "beep:880"]);
  await expect(announcer(page)).toHaveText(
    `${phases[work]!.label}.${phases[work]!.detail ? ` ${phases[work]!.detail}.` : ""}`,
  );
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText(mmss(phases[work]!.ms - 10_000));
  await shot(page, "coached-set", testInfo, 375);
  await shot(page, "coached-set", testInfo, 1280);

  // The rest: its own countdown, what comes next, a lower beep.
  await cues();
  await page.clock.runFor(startOf(rest) + 1000 - startOf(work) - 10_000);
  const restPhase = phases[rest]!;
  await expect(phaseLabel(page)).toHaveText("Rest");
  expect(restPhase.label).toMatch(/^Rest · \d+ s$/);
  await expect(next).toHaveText(`Next: ${stepName(phases[rest + 1]!)}`);
  await expect(timer).toHaveText(mmss(restPhase.ms - 1000));
  await expect(timer).toHaveAccessibleName(/^Time left in this rest: /);
  await expect(page.getByTestId("phase").getByText("left", { exact: true })).toBeVisible();
  await expect(current).toHaveAttribute("data-kind", "rest");
  await expect(announcer(page)).toHaveText(`Rest, ${restPhase.ms / 1000} seconds. ${restPhase.detail}.`);
  expect((await cues()).slice(-2)).toEqual(["vibrate:150", "beep:523"]);
  await shot(page, "coached-rest", testInfo, 375);
  await shot(page, "coached-rest", testInfo, 1280);
  await page.getByRole("button", { name: "Pause" }).click();
  await scan(page);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(timer).toHaveText(mmss(restPhase.ms - 1000));

  // Sound off: the next change pulses and is announced, silently; the choice outlives a reload.
  await sound.click();
  await soundIs(false);
  await page.clock.runFor(restPhase.ms);
  await expect(phaseLabel(page)).toHaveText(headline(phases[rest + 1]!));
  expect(await cues()).toEqual(["vibrate:150"]);
  await page.clock.resume();
  await page.reload();
  await soundIs(false);
  expect(await page.evaluate(() => localStorage.getItem("limber:break-sound"))).toBe("off");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible(); // the run itself kept going
  await expectNoAxeViolations(page);
  await pauseClock(page);

  // On again, by keyboard: the end of the break has its own chime.
  await sound.focus();
  await page.keyboard.press("Enter");
  await soundIs(true);
  await cues();
  await page.clock.fastForward(ex.minutes * 60_000);
  // Run to the end: counted on its own.
  await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
  await expect.poll(cues).toEqual(expect.arrayContaining(["beep:660", "beep:880", "beep:1175"]));
});

test("on a touch phone the coached break keeps the exercise, its step and big number, the one progress bar (the current step highlighted), the next step and large controls on the first screen; a rest shows the rest, not the pose; Previous Step by touch; one name for Start Break; no keyboard hint", async ({
  page,
  login,
  browser,
}) => {
  test.slow();
  await login.signInOnboarded(uniqueEmail("coached-phone"), ["10:00", "15:00"], { activeDays: ALL_DAYS });
  // As the coached test above: one exercise done in rounds, with rests between them.
  const put = await page.request.put("/api/user/settings", {
    data: { duration_preference: 5, movement_prefs: "Focus on my legs, I have a resistance band" },
  });
  expect(put.status()).toBe(200);
  const b = (await today(page)).breaks[0]!;
  expect(b.exercises).toHaveLength(1);
  const ex = b.exercises[0]!;
  const phases = phasesOf(ex, ex.minutes * 60_000);
  const work = phases.findIndex((x) => x.kind === "work");
  const rest = phases.findIndex((x) => x.kind === "rest");
  expect(rest).toBeGreaterThan(work);
  const startOf = (i: number) => phases.slice(0, i).reduce((a, x) => a + x.ms, 0);

  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    timezoneId: "UTC",
    extraHTTPHeaders: { "x-forwarded-for": "198.19.251.33" },
  });
  try {
    const p = await phone.newPage();
    await p.clock.install();
    await p.goto("/break/0");
    // A touch screen (so the keyboard hint's test means something), and no hint on it.
    expect(await p.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    await expect(p.getByText("pause or resume", { exact: false })).toBeHidden();
    // One name for the button that starts the timer.
    const start = p.getByRole("button", { name: "Start Break", exact: true });
    await expect(start).toBeVisible();
    // One exercise: no "Last exercise", no "Up next" box, no "Exercise 1 of 1" over its name.
    await expect(p.getByText("Last exercise", { exact: false })).toHaveCount(0);
    await expect(p.getByText("Up next", { exact: false })).toHaveCount(0);
    await expect(p.getByRole("heading", { name: ex.name, level: 2 })).toBeVisible();
    await expect(exerciseOfLine(p)).toHaveCount(0);
    await expect(p.getByText(/^Exercise \d+ of \d+$/)).toHaveCount(0);
    const steps = progressOf(p);
    await expect(steps.locator("[data-state]")).toHaveCount(phases.length);
    await expect(steps.locator('[data-state="current"]')).toHaveCount(0); // none before the start
    await pauseClock(p);
    await start.tap();

    let now = 0;
    for (const i of [0, work, rest]) {
      const at = startOf(i) + 2000;
      await p.clock.runFor(at - now);
      now = at;
      const phase = phases[i]!;
      await expect(phaseLabel(p)).toHaveText(headline(phase));
      await expect(nextStepOf(p)).toHaveText(
        `Next: ${phases[i + 1]!.kind === "rest" ? `Rest, ${phases[i + 1]!.ms / 1000} s` : stepName(phases[i + 1]!)}`,
      );
      const current = steps.locator('[data-state="current"]');
      await expect(current).toHaveAttribute("data-kind", phase.kind);
      await expect(steps).toHaveAttribute("aria-valuetext", new RegExp(`^Step ${i + 1} of ${phases.length}: `));
      await expect(steps.locator('[data-state="past"]')).toHaveCount(i);
      // Taller than the others.
      const height = async (l: typeof current) => (await l.boundingBox())!.height;
      expect(await height(current)).toBeGreaterThan(await height(steps.locator('[data-state="next"]').first()));
      // Highlighted, unlike the steps around it: its own fill.
      const fill = (l: typeof current) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(await fill(current)).not.toBe(await fill(steps.locator('[data-state="next"]').first()));
      if (i > 0) expect(await fill(current)).not.toBe(await fill(steps.locator('[data-state="past"]').first()));

      // All on the first screen, none of it under the docked controls, the page not scrolled.
      expect(await p.evaluate(() => window.scrollY)).toBe(0);
      const controls = (await p.getByTestId("break-controls").boundingBox())!;
      expect(controls.y + controls.height, "the controls on screen").toBeLessThanOrEqual(812);
      for (const [what, l] of [
        ["the exercise's name", p.getByRole("heading", { name: ex.name, level: 2 })],
        ["the step", phaseLabel(p)],
        ["the big number", p.getByTestId("phase-number")],
        ["the countdown", p.getByRole("timer")],
        ["the current step in the bar", current],
        ["the next step", nextStepOf(p)],
        [phase.kind === "rest" ? "the rest" : "the figure", p.locator("svg[data-figure], [data-testid=rest-visual]")],
        ["End Break Now", endBreak(p)],
      ] as const) {
        const box = (await l.boundingBox())!;
        expect(box.y, `${what} (${phase.label})`).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, `${what} above the controls (${phase.label})`).toBeLessThanOrEqual(controls.y);
      }

      // The way out at the top, in the header row (not under the steps, below the fold).
      await endInHeader(p);
      await expect(exerciseOfLine(p)).toHaveCount(0);

      // Large controls under the thumb: the bottom of the screen, each at least 56 px tall.
      for (const name of ["Previous Step", "Pause", "Next Step"]) {
        const box = (await p.getByRole("button", { name, exact: true }).boundingBox())!;
        expect(box.height, name).toBeGreaterThanOrEqual(56);
        expect(box.y, name).toBeGreaterThan(812 * 0.8);
      }

      // A rest: the rest, never the exercise's pose.
      const restVisual = p.getByTestId("rest-visual");
      if (phase.kind === "rest") {
        await expect(restVisual).toBeVisible();
        await expect(restVisual).toContainText("Breathe out slowly");
        await expect(p.locator("svg[data-figure]")).toHaveCount(0);
      } else {
        await expect(restVisual).toHaveCount(0);
        await expect(p.locator("svg[data-figure]")).toBeVisible();
      }
    }

    // Paused in the rest: still the rest.
    await p.getByRole("button", { name: "Pause" }).tap();
    await expect(p.getByTestId("rest-visual")).toBeVisible();
    // Previous Step by touch: the set before the rest, its time in full, still paused.
    await p.getByRole("button", { name: "Previous Step" }).tap();
    await expect(phaseLabel(p)).toHaveText(headline(phases[rest - 1]!));
    await expect(p.getByRole("timer")).toHaveText(mmss(phases[rest - 1]!.ms));
    await expect(p.getByRole("button", { name: "Resume" })).toBeVisible();
    await expect(p.locator("svg[data-figure]")).toBeVisible();
    await p.clock.resume();
    await expectNoAxeViolations(p);
  } finally {
    await phone.close();
  }
});

test("Previous Step goes back one step and restarts its timer, by button and by ←, and does nothing on the first step without dropping the focus; the focus moves Sound, End Break Now, Previous Step, Pause, Next Step; the keys are hinted with a mouse, never on a touch screen", async ({
  page,
  login,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await login.signInOnboarded(uniqueEmail("previous-step"), ["10:00", "15:00"], { activeDays: ALL_DAYS });
  // One exercise in rounds, each leg in turn, with rests: get ready, sides, rests.
  const put = await page.request.put("/api/user/settings", {
    data: { duration_preference: 5, movement_prefs: "Focus on my legs, I have a resistance band" },
  });
  expect(put.status()).toBe(200);
  const ex = (await today(page)).breaks[0]!.exercises[0]!;
  const phases = phasesOf(ex, ex.minutes * 60_000);
  const rest = phases.findIndex((x) => x.kind === "rest");
  expect(rest).toBeGreaterThan(2);
  const startOf = (i: number) => phases.slice(0, i).reduce((a, x) => a + x.ms, 0);
  await page.clock.install();
  await page.goto("/break/0");

  // A mouse and a keyboard: the keys are hinted, with the new ones.
  const hint = page.getByTestId("key-hint");
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText("Keys: Space pause or resume, ← previous step, → next step");
  // Phone-sized, even with a mouse, the first screen is for the break: no hint.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(hint).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(hint).toBeVisible();
  const previous = page.getByRole("button", { name: "Previous Step", exact: true });
  const next = page.getByRole("button", { name: "Next Step", exact: true });
  await expect(previous).toHaveAttribute("aria-keyshortcuts", "ArrowLeft");
  await expect(next).toHaveAttribute("aria-keyshortcuts", "ArrowRight");
  await pauseClock(page);
  await page.getByRole("button", { name: "Start Break" }).click();
  const pause = page.getByRole("button", { name: "Pause" });
  const timer = page.getByRole("timer");
  await expect(pause).toBeFocused();

  // The focus order, top to bottom: the header row's Sound and End Break Now, then Previous Step,
  // Pause, Next Step.
  await page.keyboard.press("Shift+Tab");
  await expect(previous).toBeFocused();
  await expect(previous).toBeDisabled(); // the first step: nothing before it, but it keeps the focus
  await page.keyboard.press("Enter");
  await expect(phaseLabel(page)).toHaveText("Get ready");
  await expect(previous).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(endBreak(page)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: /^Sound (On|Off)$/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(endBreak(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(previous).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(pause).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(next).toBeFocused();

  // 4 s into the rest: Previous Step is the step before it, its time in full, running again.
  await page.clock.runFor(startOf(rest) + 4000);
  await expect(phaseLabel(page)).toHaveText("Rest");
  await expect(timer).toHaveText(mmss(phases[rest]!.ms - 4000));
  await previous.click();
  await expect(phaseLabel(page)).toHaveText(headline(phases[rest - 1]!));
  await expect(timer).toHaveText(mmss(phases[rest - 1]!.ms));
  await expect(announcer(page)).toHaveText(`${phases[rest - 1]!.label}. ${phases[rest - 1]!.detail}.`);
  await expect(progressOf(page).locator('[data-state="past"]')).toHaveCount(rest - 1);
  await page.clock.runFor(3000);
  await expect(timer).toHaveText(mmss(phases[rest - 1]!.ms - 3000));

  // ← does the same, and → goes forward again, each step from its start; paused, it stays paused.
  await page.keyboard.press("ArrowLeft");
  await expect(phaseLabel(page)).toHaveText(headline(phases[rest - 2]!));
  await expect(timer).toHaveText(mmss(phases[rest - 2]!.ms));
  await pause.click();
  await page.keyboard.press("ArrowRight");
  await expect(phaseLabel(page)).toHaveText(headline(phases[rest - 1]!));
  await expect(timer).toHaveText(mmss(phases[rest - 1]!.ms));
  await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();
  await page.clock.runFor(5000);
  await expect(timer).toHaveText(mmss(phases[rest - 1]!.ms));
  // One progress bar in the running player.
  await expect(page.getByRole("progressbar")).toHaveCount(1);
  await page.clock.resume();
  await expectNoAxeViolations(page);

  // The same break on a touch phone: no keys to press, no hint.
  const phone = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await page.context().storageState(),
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
    timezoneId: "UTC",
    extraHTTPHeaders: { "x-forwarded-for": "198.19.251.36" },
  });
  try {
    const p = await phone.newPage();
    await p.goto("/break/0");
    expect(await p.evaluate(() => matchMedia("(hover: hover) and (pointer: fine)").matches)).toBe(false);
    await expect(p.getByRole("button", { name: "Start Break" })).toBeVisible();
    await expect(p.getByTestId("key-hint")).toBeHidden();
    await p.getByRole("button", { name: "Start Break" }).tap();
    await expect(p.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect(p.getByTestId("key-hint")).toBeHidden();
    await expect(p.getByRole("progressbar")).toHaveCount(1);
  } finally {
    await phone.close();
  }
});

for (const touch of [false, true]) {
  test(`at 375×812 ${touch ? "with" : "without"} touch the controls are pinned to the bottom of the screen: Start Break, the timer and Pause on the first screen, the one progress bar on one line that fits the screen, the figure as large as fits, nothing hidden under the bar`, async ({
    page,
    login,
    browser,
  }) => {
    test.slow();
    await login.signInOnboarded(uniqueEmail(`pinned-${touch ? "touch" : "mouse"}`), ["10:00", "15:00"], {
      activeDays: ALL_DAYS,
    });
    // One exercise in rounds (9 steps: more than one row of chips once held).
    const put = await page.request.put("/api/user/settings", {
      data: { duration_preference: 5, movement_prefs: "Focus on my legs, I have a resistance band" },
    });
    expect(put.status()).toBe(200);
    const ex = (await today(page)).breaks[0]!.exercises[0]!;
    const phases = phasesOf(ex, ex.minutes * 60_000);
    expect(phases.length).toBeGreaterThan(6);
    const startOf = (i: number) => phases.slice(0, i).reduce((a, x) => a + x.ms, 0);
    const H = 812;
    const W = 375;

    const ctx = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await page.context().storageState(),
      viewport: { width: W, height: H },
      hasTouch: touch,
      isMobile: touch,
      timezoneId: "UTC",
      extraHTTPHeaders: { "x-forwarded-for": touch ? "198.19.251.34" : "198.19.251.35" },
    });
    try {
      const p = await ctx.newPage();
      await p.clock.install();
      await p.goto("/break/0");
      const bar = p.getByTestId("break-controls");
      /** Wholly on the screen as it is, the page not scrolled. */
      const onScreen = async (what: string, l: ReturnType<typeof p.getByRole>) => {
        const box = (await l.boundingBox())!;
        expect(box, what).not.toBeNull();
        expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(W);
        expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(H);
        return box;
      };
      const start = p.getByRole("button", { name: "Start Break", exact: true });
      await expect(start).toBeVisible();
      expect(await p.evaluate(() => window.scrollY)).toBe(0);
      await onScreen("Start Break", start);
      // Nothing wider than the screen (a row of steps that stretched the page would zoom a phone out).
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(W);

      // The bar: pinned to the bottom edge, solid, with a line above it.
      const barBox = await onScreen("the control bar", bar);
      expect(barBox.y + barBox.height).toBeCloseTo(H, 0);
      expect(barBox.width).toBeCloseTo(W, 0);
      const look = await bar.evaluate((el) => {
        const s = getComputedStyle(el);
        return { position: s.position, bg: s.backgroundColor, border: parseFloat(s.borderTopWidth) };
      });
      expect(look.position).toBe("fixed");
      expect(look.bg, "a solid background").toMatch(/^rgb\(/);
      expect(look.border).toBeGreaterThan(0);

      // The figure: as large as fits (the screen's width less the margins), and inside its column
      // (it was once 325 px wide in a 311 px column and ran over the card's border).
      const figure = (await p.locator("svg[data-figure]").boundingBox())!;
      expect(figure.width, "one big figure").toBeGreaterThanOrEqual(300);
      const column = (await p.locator("svg[data-figure]").locator("xpath=..").boundingBox())!;
      expect(figure.x).toBeGreaterThanOrEqual(column.x - 0.5);
      expect(figure.x + figure.width).toBeLessThanOrEqual(column.x + column.width + 0.5);

      // The one progress bar: one segment per step, all in one row, nothing scrolled or cut off.
      const steps = progressOf(p);
      const segmentsOf = steps.locator("[data-state]");
      await expect(segmentsOf).toHaveCount(phases.length);
      const segmentTops = await segmentsOf.evaluateAll((els) => [
        ...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))),
      ]);
      expect(segmentTops, "the step segments in one row").toHaveLength(1);
      /** The progress bar and the next step's line fit their width (no sideways scrolling, no clipped steps). */
      const fits = async () => {
        for (const l of [steps, p.getByTestId("phase")]) {
          const { scroll, client } = await l.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
          expect(scroll, "the progress and the step fit their width").toBeLessThanOrEqual(client);
        }
        const progress = await onScreen("the progress bar", steps);
        const segments = await segmentsOf.evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return { left: r.left, right: r.right, width: r.width };
          }),
        );
        for (const seg of segments) {
          expect(seg.width, "every step's segment visible").toBeGreaterThan(2);
          expect(seg.left).toBeGreaterThanOrEqual(progress.x - 0.5);
          expect(seg.right).toBeLessThanOrEqual(progress.x + progress.width + 0.5);
        }
      };
      await fits();

      await pauseClock(p);
      if (touch) await start.tap();
      else await start.click();
      const pause = p.getByRole("button", { name: "Pause" });
      const timer = p.getByRole("timer");
      let now = 0;
      for (const i of [0, 1, phases.length - 1]) {
        const at = startOf(i) + 2000;
        await p.clock.runFor(at - now);
        now = at;
        await expect(phaseLabel(p)).toHaveText(headline(phases[i]!));
        // The timer and Pause, both on the first screen: no scrolling, nothing wider than the screen
        // (steps done, scrolled out of their row, once stretched the page and zoomed a phone out).
        expect(await p.evaluate(() => window.scrollY)).toBe(0);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(W);
        const controls = await onScreen("the control bar", bar);
        await onScreen("Pause", pause);
        const t = await onScreen("the timer", timer);
        expect(t.y + t.height, "the timer above the bar").toBeLessThanOrEqual(controls.y);
        // The current step marked, the bar saying which it is, all of it still fitting.
        const current = steps.locator('[data-state="current"]');
        await expect(current).toHaveAttribute("data-kind", phases[i]!.kind);
        await expect(steps).toHaveAttribute("aria-valuetext", new RegExp(`^Step ${i + 1} of ${phases.length}: `));
        await fits();
        await onScreen("the current step", current);
      }

      // The way out on the first screen, in the header row; nothing else by that name down the page.
      await endInHeader(p);
      // Scrolled to the end: the last of the page (the safety line under "How to Do It") is above
      // the bar, not under it.
      await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const safety = p.getByText("Stop if anything hurts or feels wrong.", { exact: true });
      await expect(safety).toBeVisible();
      const lastStep = (await p.locator("ol li").last().boundingBox())!;
      const safetyBox = (await safety.boundingBox())!;
      expect(safetyBox.y, "the safety line under the steps").toBeGreaterThan(lastStep.y);
      const controls = (await bar.boundingBox())!;
      expect(safetyBox.y + safetyBox.height, "the safety line above the bar").toBeLessThanOrEqual(controls.y + 1);
      await p.evaluate(() => window.scrollTo(0, 0));
      await p.clock.resume();
      await expectNoAxeViolations(p);
      await pauseClock(p);

      // It ends the break as End Break Now under the steps did: on the last step, the finish screen
      // (its time nearly all spent: complete, for Mark as Done to count, never counted on its own),
      // the focus on its heading. With a mouse and keyboard, reached by Shift+Tab from Pause (the
      // sound switch, End Break Now, then the controls); on a touch screen, tapped.
      if (touch) {
        await endBreak(p).tap();
      } else {
        await pause.focus();
        await p.keyboard.press("Shift+Tab");
        await p.keyboard.press("Shift+Tab");
        await expect(endBreak(p)).toBeFocused();
        await p.keyboard.press("Enter");
      }
      await expect(p.getByRole("heading", { name: "Break Complete!", exact: true })).toBeFocused();
      await expect(endBreak(p)).toHaveCount(0);
      await expect(p.getByRole("button", { name: "Mark as Done", exact: true })).toBeVisible();
    } finally {
      await ctx.close();
    }
  });
}

test("a break whose timer runs to the end counts on its own, with Undo; a reload does not count it again; a failed count says so and keeps Mark as Done", async ({
  page,
  login,
}) => {
  test.slow();
  await page.clock.install();
  // Early morning where the user is: both breaks still ahead, so neither was due before joining.
  await breakUser(page, login, "break-auto", { duration: 5, timezone: zoneWithLocalHour(1, 9) });
  const b = (await today(page)).breaks[0]!;
  // Every exercise's get-ready countdown and its whole time, and a second more.
  const runOut = b.exercises.reduce((a, e) => a + READY_MS + e.minutes * 60_000, 0) + 1000;
  const completed = async () => (await (await page.request.get("/api/user/dashboard")).json()).completedToday;
  const counted = page.getByRole("heading", { name: "Counted. Nice Work!", exact: true });
  const finished = page.getByRole("heading", { name: "Break Complete!", exact: true });
  const didIt = page.getByRole("button", { name: "Mark as Done", exact: true });

  await page.goto("/break/0");
  await pauseClock(page);
  await page.getByRole("button", { name: "Start" }).click();
  await page.clock.fastForward(runOut);
  await page.clock.resume();
  // No Mark as Done to press: counted, and said so.
  await expect(counted).toBeFocused();
  await expect(page.getByText("Your timer ran to the end, so this break is counted for you.")).toBeVisible();
  await expect(didIt).toHaveCount(0);
  await expect(announcer(page)).toHaveText(/^Break complete\. Counted\. 1 of 2 breaks done today\./);
  expect(await completed()).toBe(1);
  await expectNoAxeViolations(page);

  // Undo: not counted, back on the finish screen with the same Mark as Done as the first count; its heading says so.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("heading", { name: "Not Counted" })).toBeFocused();
  await expect(announcer(page)).toHaveText("Undone. This break is not counted.");
  await expect(didIt).toBeVisible();
  expect(await completed()).toBe(0);

  // A reload restores the finished run; it is not counted a second time.
  await page.reload();
  await expect(finished).toBeVisible();
  await expect(didIt).toBeVisible();
  await page.waitForTimeout(500);
  expect(await completed()).toBe(0);

  // Run again while counting fails: the error, and Mark as Done to count it by hand.
  await page.route("**/break/0", (route) =>
    route.request().method() === "POST" ? route.fulfill({ status: 503, body: "" }) : route.fallback(),
  );
  await page.getByRole("button", { name: "Start Again", exact: true }).click();
  await pauseClock(page);
  await page.getByRole("button", { name: "Start" }).click();
  await page.clock.fastForward(runOut);
  await page.clock.resume();
  const failed = page.getByRole("alert").filter({ hasText: "Your break could not be counted automatically" });
  await expect(failed).toContainText("Choose Mark as Done to count it.");
  await expect(didIt).toBeVisible();
  expect(await completed()).toBe(0);
  await page.unroute("**/break/0");
  await didIt.click();
  await expect(counted).toBeFocused();
  await expect(page.getByText("Your timer ran to the end", { exact: false })).toHaveCount(0);
  expect(await completed()).toBe(1);
});

test("a new user whose setup lands on a rest day is told when the first break is, never to complete today's movements", async ({
  page,
  login,
}, testInfo) => {
  test.slow(); // a sign-in, five axe scans and two screenshots on a loaded machine
  const email = uniqueEmail("rest-day");
  // Today and tomorrow off from the first schedule on: the next break is on a named weekday.
  const day = new Date().getUTCDay();
  const off = [day, (day + 1) % 7];
  await login.signInOnboarded(email, ["10:00", "15:00"], { activeDays: ALL_DAYS.filter((d) => !off.includes(d)) });
  const label = `${WEEKDAYS[(day + 2) % 7]} at 10:00 AM`;

  await page.goto("/dashboard");
  await expect(page.getByText("Today is a rest day")).toBeVisible();
  await expect(page.getByText(`Next reminder: ${label}`, { exact: true })).toBeVisible();
  await expect(page.getByText("No breaks are scheduled today. Enjoy your day off.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Start Your Journey" })).toBeVisible();
  await expect(page.getByText("Your streak begins with your next break.", { exact: true })).toBeVisible();
  // The next break's time is said once on the page, not in every card.
  expect((await page.locator("main").innerText()).split(label).length - 1).toBe(1);
  await expect(page.getByText(/complete today's movements/i)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Today's Schedule" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "dashboard-rest-day", testInfo, 375);
  await shot(page, "dashboard-rest-day", testInfo, 1280);

  // The guided break has nothing to run today, and says when the next one is.
  await page.goto("/break/0");
  await expect(page.getByRole("heading", { name: "No Break to Take Right Now", exact: true })).toBeVisible();
  await expect(page.getByText(`There are no breaks scheduled today. Your next break is ${label}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Paused: the dashboard says the e-mails stop and leads to Settings; the next break stays (pausing
  // stops e-mails only).
  expect((await page.request.put("/api/user/settings", { data: { pause_emails: true } })).status()).toBe(200);
  await page.goto("/dashboard");
  await expect(
    page.getByText("Reminder e-mails are paused; your breaks stay here in the app. Turn them back on in Settings."),
  ).toBeVisible();
  await expect(page.getByText(`Next break: ${label}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Turn them back on in Settings" })).toHaveAttribute("href", "/settings");
  await expect(page.getByText("Your streak begins with your next break.", { exact: true })).toBeVisible();
  await expect(page.getByText(/complete today's movements/i)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a break that is not today's, and a link that cannot be used, are explained; no token and no session is the login screen", async ({
  page,
  login,
}) => {
  // The second break (23:55) is not yet due when it is removed, so today has only the first.
  await login.signInOnboarded(uniqueEmail("break-edge"), ["10:00", "23:55"], { activeDays: ALL_DAYS });
  expect((await page.request.put("/api/user/settings", { data: { times: ["10:00"] } })).status()).toBe(200);
  await page.goto("/break/1");
  await expect(page.getByText("This break is not on today's schedule.", { exact: false })).toBeVisible();
  expect((await page.request.get("/break/2")).status()).toBe(404);

  const anonymous = await page
    .context()
    .browser()!
    .newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { "x-forwarded-for": "198.19.251.9" } });
  try {
    const p = await anonymous.newPage();
    await p.goto("/break/0?t=not-a-real-token");
    await expect(p.getByRole("heading", { name: "This Link Can't Be Used", exact: true })).toBeVisible();
    await expect(p.getByText("This link is not valid. Open the latest reminder e-mail and try again.")).toBeVisible();
    await expect(p.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    const res = await p.request.get("/break/0", { maxRedirects: 0 });
    expect(res.status()).toBe(307);
    expect(res.headers()["location"]).toMatch(/\/$/);
  } finally {
    await anonymous.close();
  }
});

// The cron call sends every due reminder, so tests that call it never run at the same time
// (reminders.spec.ts, csp.spec.ts).
test(
  "a guided break started from the reminder e-mail without a session counts the break",
  { lock: "reminder-cron" },
  async ({ page, login, request, browser }, testInfo) => {
    test.slow();
    // A zone where it is day now: the second break (2 h on) is still today, whatever the UTC hour
    // (in UTC it fell after midnight from 22:00, and the day then had one break).
    const timezone = zoneWithLocalHour(9, 20);
    const email = await breakUser(page, login, "break-mail", {
      times: [localHhmm(timezone, 0), localHhmm(timezone, 2)], // this 5-minute step (already passed), then 2 h on
      duration: 10,
      timezone,
    });
    const cron = await request.get("/api/cron/reminders", {
      headers: { authorization: `Bearer ${E2E_ENV.CRON_SECRET}` },
    });
    expect(cron.status()).toBe(200);
    const mail = (await outbox()).find((m) => m.to === email && m.subject.startsWith("Time to move"));
    expect(mail, "the reminder e-mail").toBeTruthy();
    const guideUrl = mail!.text.match(/https?:\/\/\S+\/break\/\d\?t=[^\s)\]]+/)![0];
    // The break the e-mail is for, by its slot (as the e-mail's link names it).
    const slot = Number(new URL(guideUrl).pathname.split("/").pop());
    const doneUrl = mail!.text.match(/https?:\/\/\S+\/done\?t=[^\s)\]]+/)![0];
    const token = new URL(guideUrl).searchParams.get("t")!;
    expect(new URL(doneUrl).searchParams.get("t")).toBe(token);
    const mailed = (await today(page)).breaks.find((b) => b.slot === slot);

    // A phone with no session (a fresh browser context).
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      timezoneId: "UTC",
      extraHTTPHeaders: { "x-forwarded-for": "198.19.252.11" },
    });
    try {
      const p = await phone.newPage();
      await p.clock.install();

      // The e-mail's "I did it" page leads to the guided break too.
      await p.goto(doneUrl);
      const start = p.getByRole("link", { name: "Start Break", exact: true });
      await expect(start).toHaveAttribute("href", `/break/${slot}?t=${encodeURIComponent(token)}`);
      await expectNoAxeViolations(p);
      await shot(p, "done-with-guided-link", testInfo, 375);
      await shot(p, "done-with-guided-link", testInfo, 1280);

      await p.goto(guideUrl);
      await expect(p.getByRole("heading", { name: "Your 10-Minute Movement Break" })).toBeVisible();
      // The branded frame, not the app: nothing signed in.
      await expect(p.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      expect((await p.request.get("/api/auth/user")).status()).toBe(401);
      // The break the e-mail is for: its first exercise, and how many there are.
      await expect(p.getByRole("heading", { name: mailed!.exercises[0]!.name, level: 2 })).toBeVisible();
      await expect(p.getByText(`${mailed!.exercises.length} exercises`, { exact: false })).toBeVisible();
      await pauseClock(p);
      await p.getByRole("button", { name: "Start" }).click();
      await p.clock.runFor(30_000);
      const first = mailed!.exercises[0]!;
      await expect(p.getByRole("timer")).toHaveText(
        mmss(phaseAt(phasesOf(first, first.minutes * 60_000), 30_000).remaining),
      );
      await shot(p, "break-from-email-running", testInfo);
      await scan(p);
      await p.clock.fastForward(10 * 60_000 + 2 * READY_MS);
      await p.clock.resume();
      // Run to the end: counted on its own with the e-mail's token, and its Undo takes the same token
      // (no session here, none made).
      await expect(p.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
      await expect(p.getByRole("button", { name: "Mark as Done" })).toHaveCount(0);
      await expect(p.getByText("Counted by mistake?", { exact: false })).toHaveCount(0);
      await expect(p.getByText("1 of 2 breaks done today", { exact: true })).toBeVisible();
      await expect(p.getByRole("link", { name: "Back to Dashboard", exact: true })).toBeVisible();
      await p.getByRole("button", { name: "Undo", exact: true }).click();
      await expect(p.getByRole("heading", { name: "Not Counted Yet", exact: true })).toBeFocused();
      // Counted again by hand, with the same token.
      await p.getByRole("button", { name: "Mark as Done" }).click();
      await expect(p.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
      expect((await p.request.get("/api/auth/user")).status()).toBe(401);
    } finally {
      await phone.close();
    }

    // The signed-in user sees it counted.
    await page.goto("/dashboard");
    await expect(page.getByText("2 movements scheduled today, 1 completed")).toBeVisible();
    await expect(
      page.getByRole("button", { name: new RegExp(`^${mailed!.timeDisplay} Movement Break`) }),
    ).toContainText("Done");
  },
);
