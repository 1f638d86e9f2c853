// "Not today" (and, later, a calendar's meetings or day off): a skipped break is not one of the
// day's breaks. Done anyway, it counts as done.
import { describe, expect, it } from "vitest";
import { breakMarks, dayFacts } from "@/lib/progress/days";
import { dashboardNumbers, todaySchedule } from "@/lib/schedule/today";

const ny = { times: ["10:00", "15:00"], activeDays: [1, 2, 3, 4, 5], timezone: "America/New_York" };
const monday = new Date("2026-01-05T14:00:00Z"); // 09:00 in New York

describe("breakMarks", () => {
  it("splits rows into done and skipped slots by date; done wins; unknown reasons are ignored", () => {
    const marks = breakMarks([
      { d: "2026-01-05", s: 0, c: true, k: null },
      { d: "2026-01-05", s: "1", c: false, k: "user" },
      { d: "2026-01-06", s: 0, c: true, k: "busy" }, // skipped, then done anyway
      { d: "2026-01-06", s: 1, c: false, k: "day-off" },
      { d: "2026-01-07", s: 0, c: false, k: "later" },
      { d: "2026-01-07", s: 1, c: false, k: null }, // undone: no mark at all
    ]);
    expect(marks.done).toEqual(
      new Map([
        ["2026-01-05", new Set([0])],
        ["2026-01-06", new Set([0])],
      ]),
    );
    expect(marks.skipped).toEqual(
      new Map([
        ["2026-01-05", new Map([[1, "user"]])],
        ["2026-01-06", new Map([[1, "day-off"]])],
      ]),
    );
  });
});

describe("todaySchedule with skipped slots", () => {
  it("shows a skipped break as skipped with its reason, and leaves it out of the day's numbers", () => {
    const s = todaySchedule(ny, monday, new Set(), new Map([[0, "user"]]));
    expect(s.entries.map((e) => [e.status, e.skipReason])).toEqual([
      ["skipped", "user"],
      ["upcoming", undefined],
    ]);
    expect(dashboardNumbers(s)).toEqual({ completedToday: 0, totalToday: 1 });
  });

  it("a skipped break done anyway is done, and counts", () => {
    const s = todaySchedule(ny, monday, new Set([1]), new Map([[1, "busy"]]));
    expect(s.entries[1]).toMatchObject({ status: "done", completed: true });
    expect(s.entries[1]!.skipReason).toBeUndefined();
    expect(dashboardNumbers(s)).toEqual({ completedToday: 1, totalToday: 2 });
  });

  it("stays skipped, not missed, once its window has gone by", () => {
    const evening = new Date("2026-01-05T23:00:00Z");
    const s = todaySchedule(ny, evening, new Set(), new Map([[0, "day-off"]]));
    expect(s.entries.map((e) => e.status)).toEqual(["skipped", "missed"]);
  });
});

describe("dayFacts with skipped slots", () => {
  it("a skipped break is not scheduled: one of two done is a full day, both skipped is no day at all", () => {
    const dates = ["2026-01-05", "2026-01-06", "2026-01-07"];
    const done = new Map([
      ["2026-01-05", new Set([1])],
      ["2026-01-07", new Set([0])],
    ]);
    const skipped = new Map([
      ["2026-01-05", new Map([[0, "user"]])],
      [
        "2026-01-06",
        new Map([
          [0, "busy"],
          [1, "busy"],
        ]),
      ],
      ["2026-01-07", new Map([[0, "user"]])], // done anyway
    ]);
    const facts = dayFacts(dates, ny, done, [], new Date("2026-01-08T12:00:00Z"), skipped);
    expect(facts.map(({ date, scheduled, completed }) => ({ date, scheduled, completed }))).toEqual([
      { date: "2026-01-05", scheduled: 1, completed: 1 },
      { date: "2026-01-06", scheduled: 0, completed: 0 },
      { date: "2026-01-07", scheduled: 2, completed: 1 },
    ]);
  });
});
