// History's trophies as the server draws them: earned ones marked earned in words (with the date),
// the others locked with what they take, the next one leading with its progress.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrophiesSection } from "@/components/recap/trophies-section";
import { computeTrophies, TROPHIES } from "@/lib/recap/trophies";

const render = (trophies: ReturnType<typeof computeTrophies>) =>
  renderToStaticMarkup(<TrophiesSection trophies={trophies} />);
const text = (markup: string) => markup.replace(/<br\/?>/g, "").replace(/<[^>]+>/g, "");
/** Each trophy's element (the next one's and the shelf's), in page order: its data and its text. */
const tiles = (html: string) =>
  [
    ...html.matchAll(
      /<(li|div) data-trophy="([^"]+)" data-earned="(true|false)"([^>]*)>([\s\S]*?)<\/\1>(?=<li|<\/ul>|<ul)/g,
    ),
  ].map((m) => ({ key: m[2]!, earned: m[3] === "true", next: m[4]!.includes("data-next"), text: text(m[5]!) }));
/** The shelf's (shown at once) and the disclosure's (behind "Show All n Trophies"). */
const shelf = (html: string) => tiles(html.split("<details")[0]!);
const behind = (html: string) => tiles(html.split("<details")[1] ?? "");
const base = { doneDates: [] as string[], doneCount: 0, days: [], currentStreak: 0, today: "2026-11-28" };

describe("TrophiesSection", () => {
  it("a new user: the first break up next with its progress, then two locked ones saying so", () => {
    const html = render(computeTrophies(base));
    const shown = shelf(html);
    expect(shown.map((t) => [t.key, t.earned, t.next])).toEqual([
      ["first-break", false, true],
      ["streak-3", false, false],
      ["streak-7", false, false],
    ]);
    // The other six one tap away, locked too.
    expect(behind(html).map((t) => [t.key, t.earned])).toEqual(TROPHIES.slice(3).map((t) => [t.key, false]));
    expect(text(html)).toContain(`Show All ${TROPHIES.length} Trophies`);
    expect(shown[0]!.text).toBe("Up next: First Break0 of 1 break");
    expect(shown[1]!.text).toBe("Locked: 3-Day Streak0 of 3 days in a row");
    expect(html).toContain('role="progressbar" aria-label="First Break progress"');
    expect(text(html)).toContain("Take your first break to earn your first trophy.");
  });

  it("earned ones read 'Earned <date>' with the date as a <time>; the next one leads", () => {
    const dates = ["2026-05-13", "2026-05-13"];
    const html = render(computeTrophies({ ...base, doneDates: dates, doneCount: 2 }));
    const shown = shelf(html);
    expect(shown[0]!.next).toBe(true);
    const first = shown.find((t) => t.key === "first-break")!;
    expect(first.earned).toBe(true);
    expect(first.text).toBe("First BreakEarned May 13, 2026");
    expect(html).toContain('<time dateTime="2026-05-13">May 13, 2026</time>');
    expect(shown.filter((t) => !t.earned)).toHaveLength(2); // one earned: two to earn beside it
    expect(text(html)).toContain(`1 of ${TROPHIES.length} earned.`);
  });

  it("every trophy earned: the whole shelf in gold, nothing up next", () => {
    const stored = new Map(TROPHIES.map((t) => [t.key, "2026-06-01"]));
    const html = render(computeTrophies({ ...base, stored }));
    expect(html).not.toContain("data-next");
    expect(html).not.toContain("Locked");
    expect(html).not.toContain("<details"); // nothing left to show behind a tap
    expect((html.match(/data-earned="true"/g) ?? []).length).toBe(TROPHIES.length);
  });
});
