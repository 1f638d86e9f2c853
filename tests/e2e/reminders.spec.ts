import { E2E_ENV } from "../../playwright.config";
import { expect, expectNoAxeViolations, outbox, test, uniqueEmail } from "./support/fixtures";
import { localHhmm, zoneWithLocalHour } from "./support/local-time";

// The cron call sends every due reminder, so tests that call it never run at the same time (csp.spec.ts).
test(
  "a due reminder is e-mailed by the cron call, and its 'I did it' link counts the break",
  { lock: "reminder-cron" },
  async ({ page, login, request }) => {
    const email = uniqueEmail("reminder");
    // A zone where it is day now, so the break 2 h on is still today whatever the UTC hour (in UTC
    // it fell after midnight from 22:00 on, and the day had one break to count).
    const timezone = zoneWithLocalHour(9, 20);
    // This 5-minute step (already passed), then 2 h on.
    await login.signInOnboarded(email, [localHhmm(timezone, 0), localHhmm(timezone, 2)], { timezone });
    const put = await page.request.put("/api/user/settings", {
      data: { active_days: [0, 1, 2, 3, 4, 5, 6], movement_prefs: "sore knee, no equipment", duration_preference: 10 },
    });
    expect(put.status()).toBe(200);

    // The cron route needs its secret.
    expect((await request.get("/api/cron/reminders")).status()).toBe(401);
    const cronCalls = await Promise.all(
      Array.from({ length: 3 }, () =>
        request.get("/api/cron/reminders", { headers: { authorization: `Bearer ${E2E_ENV.CRON_SECRET}` } }),
      ),
    );
    for (const r of cronCalls) expect(r.status()).toBe(200);
    const sent = (await Promise.all(cronCalls.map((r) => r.json()))).reduce((n, j) => n + j.sent, 0);
    expect(sent).toBeGreaterThanOrEqual(1);

    const mails = (await outbox()).filter((m) => m.to === email && m.subject.startsWith("Time to move"));
    expect(mails).toHaveLength(1); // three concurrent cron calls, one e-mail
    const mail = mails[0]!;
    expect(mail.subject).toBe("Time to move: your 10-minute break");
    expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const doneUrl = mail.text.match(/https?:\/\/\S+\/done\?t=[^\s)\]]+/)![0];

    // Opening the link (as a scanner would) changes nothing.
    const head = await request.fetch(doneUrl, { method: "HEAD" });
    expect(head.status()).toBe(200);
    await page.goto(doneUrl);
    await expect(page.getByRole("heading", { name: "One More Tap to Count It", exact: true })).toBeVisible();
    await expect(page.getByText("Not counted yet: tap “I did it” to count it.", { exact: true })).toBeVisible();
    const before = await (await page.request.get("/api/user/dashboard")).json();
    expect(before.completedToday).toBe(0);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "I did it" }).click();
    await expect(page.getByRole("heading", { name: "Counted. Nice Work!", exact: true })).toBeVisible();
    await expect(page.getByText("1 of 2 breaks done today", { exact: true })).toBeVisible();

    await page.goto("/dashboard");
    await expect(page.getByText("2 movements scheduled today, 1 completed")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    await expect(page.getByText("Done", { exact: true })).toBeVisible();
  },
);
