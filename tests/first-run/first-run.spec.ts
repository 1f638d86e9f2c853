import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";

const outboxDir = path.join(process.env.FIRST_RUN_DATA_DIR!, "outbox");

async function codeFor(email: string) {
  for (let i = 0; i < 100; i++) {
    const names = (await readdir(outboxDir).catch(() => [] as string[])).filter((n) => n.endsWith(".json")).sort();
    for (const n of names.reverse()) {
      const m = JSON.parse(await readFile(path.join(outboxDir, n), "utf8")) as { to: string; subject: string };
      const code = m.to === email ? m.subject.match(/\b(\d{6})\b/)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("no login code in .data/outbox");
}

test("a new user signs in with the outbox code, sets up and sees the dashboard", async ({ page }) => {
  const email = `first-run-${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Get Started" }).click();
  // Six digits go in by themselves: no button press.
  await page.getByLabel("Verification code").fill(await codeFor(email));
  await page.waitForURL("**/welcome");
  // Onboarding in three steps: times and days, the kind of break, then preferences.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "What kind of break?" })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "Anything we should know?" })).toBeVisible();
  await page.getByRole("button", { name: "Start My Streak" }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Progress" })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Limber")).toBeVisible();
});
