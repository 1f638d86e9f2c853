// Trophies (issue 33): from the breaks done and the history's day statuses, folded by the streak rule.
import { describe, expect, it } from "vitest";
import type { HistoryStatus } from "@/lib/progress/history";
import { breakCountTrophy, computeTrophies, type TrophyInput } from "@/lib/recap/trophies";
import { addDays } from "@/lib/schedule/time";

/** Consecutive days from `from` with the given statuses. */
const run = (from: string, statuses: HistoryStatus[]) =>
  statuses.map((status, i) => ({ date: addDays(from, i), status }));
const base = (over: Partial<TrophyInput>): TrophyInput => ({
  doneDates: [],
  doneCount: 0,
  days: [],
  currentStreak: 0,
  today: "2026-11-28",
  ...over,
});
const keys = (t: ReturnType<typeof computeTrophies>) => t.earned.map((e) => e.key);

describe("computeTrophies", () => {
  it("a new user has none, and the next is the first break at 0 of 1", () => {
    const t = computeTrophies(base({}));
    expect(t.earned).toEqual([]);
    expect(t.next).toMatchObject({ key: "first-break", progress: 0, goal: 1, progressText: "0 of 1 break" });
  });

  it("lists every trophy still to earn with its progress: the next one first, then the rest in list order", () => {
    const dates = Array.from({ length: 12 }, (_, i) => addDays("2026-11-01", Math.floor(i / 2)));
    const t = computeTrophies(base({ doneDates: dates, doneCount: 12 }));
    expect(t.upcoming[0]).toBe(t.next);
    expect(t.upcoming.map((u) => u.key)).toEqual([
      "breaks-50",
      "streak-3",
      "streak-7",
      "full-week",
      "streak-30",
      "breaks-100",
      "breaks-250",
    ]);
    expect(t.upcoming.find((u) => u.key === "breaks-100")).toMatchObject({
      progress: 12,
      progressText: "12 of 100 breaks",
    });
    // Nothing earned yet: all nine to earn.
    expect(computeTrophies(base({})).upcoming).toHaveLength(9);
  });

  it("break counts are earned on the date of the Nth break, and the next shows its progress", () => {
    const dates = Array.from({ length: 12 }, (_, i) => addDays("2026-11-01", Math.floor(i / 2)));
    const t = computeTrophies(base({ doneDates: [...dates].reverse(), doneCount: 12 }));
    expect(t.earned.find((e) => e.key === "first-break")?.earnedOn).toBe("2026-11-01");
    expect(t.earned.find((e) => e.key === "breaks-10")?.earnedOn).toBe("2026-11-05");
    expect(keys(t)).not.toContain("breaks-50");
    expect(t.next).toMatchObject({ key: "breaks-50", progress: 12, progressText: "12 of 50 breaks" });
  });

  it("streaks follow the streak rule: rest and paused days keep it, a partial day ends it", () => {
    const days = run("2026-11-02", [
      "complete",
      "complete",
      "rest",
      "partial",
      "complete",
      "paused",
      "complete",
      "complete",
    ]);
    const t = computeTrophies(base({ days, doneCount: 7, doneDates: days.map((d) => d.date), currentStreak: 3 }));
    // Mon, Tue complete, Wed rest = 2; Thu partial resets; Fri 1, Sat paused, Sun 2, Mon 3.
    expect(t.earned.find((e) => e.key === "streak-3")?.earnedOn).toBe("2026-11-09");
    expect(keys(t)).not.toContain("streak-7");
  });

  it("a pending today is not judged", () => {
    const days = run("2026-11-26", ["complete", "complete", "pending"]);
    expect(keys(computeTrophies(base({ days, doneCount: 2, doneDates: ["2026-11-26", "2026-11-27"] })))).not.toContain(
      "streak-3",
    );
  });

  it("a full week is every scheduled break of a Monday-Sunday week, earned on its Sunday", () => {
    // Joined on a Wednesday: that week is not full; the next one is (weekend rest).
    const days = run("2026-11-04", [
      "complete",
      "complete",
      "complete",
      "rest",
      "rest",
      ...(["complete", "complete", "complete", "complete", "complete", "rest", "rest"] as HistoryStatus[]),
    ]);
    const t = computeTrophies(
      base({ days, doneCount: 8, doneDates: days.filter((d) => d.status === "complete").map((d) => d.date) }),
    );
    expect(t.earned.find((e) => e.key === "full-week")?.earnedOn).toBe("2026-11-15");
    const missed = days.map((d) => (d.date === "2026-11-11" ? { ...d, status: "partial" as const } : d));
    expect(keys(computeTrophies(base({ days: missed, doneCount: 8 })))).not.toContain("full-week");
    const paused = days.map((d) => (d.date === "2026-11-11" ? { ...d, status: "paused" as const } : d));
    expect(keys(computeTrophies(base({ days: paused, doneCount: 8 })))).not.toContain("full-week");
  });

  it("keeps stored trophies on their date even when the history no longer shows them", () => {
    const t = computeTrophies(
      base({
        stored: new Map([
          ["streak-7", "2025-01-07"],
          ["first-break", "2025-01-01"],
        ]),
      }),
    );
    expect(t.earned).toEqual([
      { key: "first-break", title: "First Break", earnedOn: "2025-01-01" },
      { key: "streak-7", title: "7-Day Streak", earnedOn: "2025-01-07" },
    ]);
  });

  it("a streak longer than the days read counts today", () => {
    const t = computeTrophies(base({ currentStreak: 31 }));
    expect(t.earned.find((e) => e.key === "streak-30")?.earnedOn).toBe("2026-11-28");
  });
});

describe("breakCountTrophy", () => {
  it("names the trophy of the 1st, 10th, 50th, 100th and 250th break, and none in between", () => {
    expect([1, 10, 50, 100, 250].map((n) => breakCountTrophy(n)?.title)).toEqual([
      "First Break",
      "10 Breaks",
      "50 Breaks",
      "100 Breaks",
      "250 Breaks",
    ]);
    for (const n of [0, 2, 3, 7, 9, 11, 30, 251]) expect(breakCountTrophy(n)).toBeNull();
  });
});
