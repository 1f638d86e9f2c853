// The top of Today (issue 33): a Now card with the break that matters now, Start and Done in one
// tap each, and the first minute after setup offering the first break at once. One celebration
// at a time: once the day's goal is met, the card says the spec's sentence, once, and no toast.
// A count made here moves the ring smoothly (not under reduced motion), and the finished card's
// "+1" ticks up the first time the goal is met that day only.
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAt, test, uniqueEmail } from "./support/fixtures";
import { display, localHhmm, zoneWithLocalHour } from "./support/local-time";

const nowCard = (page: Page) => page.getByTestId("now-card");

// Between 06:00 and 18:00 there, so "in one hour" and "in three hours" are today.
const zone = zoneWithLocalHour(6, 18);
test.use({ timezoneId: zone });

for (const width of [375, 1280]) {
  test(`at ${width} px: setup ends on the first break, Done in one tap moves the card on, the goal is said once`, async ({
    page,
    login,
  }, testInfo) => {
    test.slow(); // sign-in, the setup screens, axe and screenshots on a loaded machine
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    const first = localHhmm(zone, 1);
    const second = localHhmm(zone, 3);

    await login.signIn(uniqueEmail(`now-${width}`));
    await page.waitForURL("**/welcome");
    // Typed before the page is interactive, a time can be lost (its own issue, see the closing note
    // of issue 33): this test is about the Now card, so it types once React has the form.
    await page.waitForFunction(() => {
      const main = document.querySelector("main");
      return !!main && Object.keys(main).some((k) => k.startsWith("__react"));
    });
    await page.getByLabel("First break time").fill(first);
    await page.getByLabel("Second break time").fill(second);
    // Every day, so today has breaks whatever the weekday (the default is Monday to Friday).
    for (const day of ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
      await page.getByRole("checkbox", { name: day }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Start My Streak" }).click();
    await page.waitForURL("**/dashboard");

    // The card comes before the ring and the streak, and offers the first break now.
    const card = nowCard(page);
    await expect(card).toHaveAttribute("data-kind", "next");
    await expect(card.getByText("Your first break", { exact: true })).toBeVisible();
    await expect(card.getByRole("heading", { name: `${display(first)} Movement Break` })).toBeVisible();
    const start = card.getByRole("link", { name: "Try Your First Break Now" });
    await expect(start).toHaveAttribute("href", "/break/0");
    await expect(card.getByText(/\d+ minutes · /)).toBeVisible();
    const cardBox = (await card.boundingBox())!;
    const ringBox = (await page.getByTestId("progress-card").boundingBox())!;
    expect(cardBox.y).toBeLessThan(ringBox.y);
    if (width === 375) expect(cardBox.y + cardBox.height).toBeLessThan(812); // on the first screen of a phone
    // The card names the next break; the line under the date does not say it again.
    await expect(page.getByText(`Next reminder: today at ${display(first)}`)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshotAt(page, "now-first-break", width, testInfo);

    // The figure stands still while the page loads (no work on the main thread for it), and moves
    // when the user reaches for the card.
    const figure = card.locator("svg[data-figure]");
    await expect(figure).toBeVisible();
    const paused = () => figure.evaluate((el) => (el as SVGSVGElement).animationsPaused());
    expect(await paused()).toBe(true);
    await card.getByRole("heading").hover();
    await expect.poll(paused).toBe(false);

    // Done from the card: the ring fills to its new value with a transition, and the next break
    // takes the card's place; the first-break words are gone.
    const fill = page.getByTestId("ring-fill");
    await fill.evaluate((el) => {
      const seen: string[] = ((window as unknown as { ringTransitions: string[] }).ringTransitions = []);
      el.addEventListener("transitionrun", (e) => seen.push((e as TransitionEvent).propertyName));
    });
    await card.getByRole("button", { name: "Mark as Done", exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { ringTransitions: string[] }).ringTransitions))
      .toContain("stroke-dashoffset");
    await expect(card.getByRole("heading", { name: `${display(second)} Movement Break` })).toBeVisible();
    await expect(card.getByText("Up next")).toBeVisible();
    await expect(card.getByRole("link", { name: "Start Break" })).toHaveAttribute("href", "/break/1");
    // The user's first break ever: its toast names the trophy it earned (History keeps it).
    await expect(page.getByText("Trophy Earned: First Break", { exact: true })).toBeVisible();
    await expect(page.getByText("Break Completed", { exact: true })).toHaveCount(0);

    // The second: the day's goal, said once (no toast, no second note).
    await card.getByRole("button", { name: "Mark as Done", exact: true }).click();
    await expect(nowCard(page)).toHaveAttribute("data-kind", "all-done");
    await expect(page.getByText("Great job! You've reached your daily movement goal.")).toHaveCount(1);
    await expect(page.getByText("2 of 2 breaks done today.")).toHaveCount(0);
    // The win in the brand's colour, with what it added to the streak (the streak card says its
    // length: the number once), ticking up as the moment plays.
    await expect(nowCard(page).getByTestId("all-done-streak")).toHaveText("+1 streak day");
    await expect(page.getByRole("main").getByText("1", { exact: true })).toHaveCount(1);
    await expect(nowCard(page)).toHaveAttribute("data-celebration", "goal");
    const gain = nowCard(page).getByTestId("all-done-gain");
    expect(await gain.evaluate((el) => getComputedStyle(el).animationName)).not.toBe("none");
    expect(await nowCard(page).evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(
      /rgba?\(0, 0, 0, 0\)|transparent/,
    );
    await expectNoAxeViolations(page);
    await screenshotAt(page, "now-all-done", width, testInfo);

    // Once: opened again the same day, the finished card shows without the moment.
    await page.reload();
    await expect(nowCard(page)).toHaveAttribute("data-kind", "all-done");
    await expect(gain).toBeVisible();
    // The moment is decided once the page is in the browser (the announcer's region then is), a frame later.
    await expect(page.getByTestId("celebration-announcer")).toBeAttached();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(nowCard(page)).not.toHaveAttribute("data-celebration", /./);
    expect(await gain.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    // Under reduced motion the ring takes its value at once (0.01 ms: the global reduced-motion rule).
    const seconds = () => fill.evaluate((el) => parseFloat(getComputedStyle(el).transitionDuration));
    expect(await seconds()).toBeGreaterThanOrEqual(0.3);
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await seconds()).toBeLessThan(0.001);
  });
}
