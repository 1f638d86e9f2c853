import { describe, expect, it } from "vitest";
import { pickNow } from "@/components/dashboard/pick-now";
import type { Dashboard } from "@/lib/progress/dashboard";

type Entry = Dashboard["schedule"][number];

function entry(slot: number, time: string, patch: Partial<Entry> = {}): Entry {
  return { slot, time, timeDisplay: time, completed: false, past: false, status: "upcoming", ...patch };
}

describe("pickNow (the Now card's break)", () => {
  it("picks the break whose reminder window is running over a later one", () => {
    const pick = pickNow([entry(0, "10:30", { past: true }), entry(1, "15:00")], 0, 2);
    expect(pick).toMatchObject({ kind: "due", entry: { slot: 0 } });
  });

  it("picks the next break today when none is due, passing over done and skipped ones", () => {
    const schedule = [
      entry(0, "10:30", { past: true, completed: true, status: "done" }),
      entry(1, "15:00", { status: "skipped", skipReason: "user" }),
    ];
    expect(pickNow(schedule, 1, 1)).toEqual({ kind: "all-done" });
    const later = [entry(0, "10:30", { past: true, completed: true, status: "done" }), entry(1, "15:00")];
    expect(pickNow(later, 1, 2)).toMatchObject({ kind: "next", entry: { slot: 1 } });
  });

  it("offers a missed break as one there is still time for, and nothing on a day of skipped breaks", () => {
    const missed = [
      entry(0, "10:30", { past: true, status: "missed" }),
      entry(1, "15:00", { past: true, status: "missed" }),
    ];
    expect(pickNow(missed, 0, 2)).toMatchObject({ kind: "missed", entry: { slot: 0 } });
    const skipped = [entry(0, "10:30", { status: "skipped", skipReason: "busy" })];
    expect(pickNow(skipped, 0, 0)).toBeNull();
    expect(pickNow([], 0, 0)).toBeNull();
  });

  it("is all done once every counted break is done, even with an undone break before joining", () => {
    const schedule = [
      entry(0, "10:30", { past: true, completed: true, status: "done" }),
      entry(1, "15:00", { past: true, status: "before-start" }),
    ];
    expect(pickNow(schedule, 1, 1)).toEqual({ kind: "all-done" });
    // Nothing done yet on the day the user joined: the first win is offered.
    const joined = [entry(0, "10:30", { past: true, status: "before-start" })];
    expect(pickNow(joined, 0, 0)).toMatchObject({ kind: "first", entry: { slot: 0 } });
  });

  it("on the day of joining offers the break from before joining ahead of a later one, never ahead of a due one", () => {
    const day = [entry(0, "10:30", { past: true, status: "before-start" }), entry(1, "16:00")];
    expect(pickNow(day, 0, 1)).toMatchObject({ kind: "first", entry: { slot: 0 } });
    // Once it is done, the later break takes the card.
    const won = [entry(0, "10:30", { past: true, completed: true, status: "done" }), entry(1, "16:00")];
    expect(pickNow(won, 1, 2)).toMatchObject({ kind: "next", entry: { slot: 1 } });
    // Something else done today already: the next scheduled break comes first.
    expect(pickNow([entry(0, "10:30", { past: true, status: "before-start" }), entry(1, "16:00")], 1, 2)).toMatchObject(
      { kind: "next", entry: { slot: 1 } },
    );
    const due = [entry(0, "10:30", { past: true, status: "before-start" }), entry(1, "12:00", { past: true })];
    expect(pickNow(due, 0, 1)).toMatchObject({ kind: "due", entry: { slot: 1 } });
  });
});
