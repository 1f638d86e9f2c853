import { describe, expect, it } from "vitest";
import { longestInteraction } from "../../../bench/interaction";

const timing = (
  interactionId: number,
  type: string,
  timeStamp: number,
  processingStart: number,
  processingEnd: number,
  duration: number,
) => ({
  name: "EventTiming",
  ph: "b",
  cat: "devtools.timeline",
  args: { data: { interactionId, type, timeStamp, processingStart, processingEnd, duration } },
});

describe("longestInteraction (bench/interaction.ts)", () => {
  it("splits the longest interaction into input delay, handlers and the rest", () => {
    const events = [
      // A tap: pointerdown waits 60 ms for the main thread, its handler runs 400 ms; click 200 ms.
      timing(7, "pointerdown", 1000, 1060, 1460, 800),
      timing(7, "pointerup", 1001, 1490, 1491, 799),
      timing(7, "click", 1001, 1500, 1700, 799),
      // A shorter interaction, and events that are not interactions (hover), are not it.
      timing(8, "click", 3000, 3005, 3010, 40),
      timing(0, "pointerover", 900, 900, 2000, 2000),
      { name: "EventTiming", ph: "e", cat: "devtools.timeline" },
    ];
    expect(longestInteraction(events)).toEqual({ durationMs: 800, inputDelayMs: 60, processingMs: 601, renderMs: 139 });
  });

  it("is null for a trace without an interaction", () => {
    expect(longestInteraction([timing(0, "pointermove", 1, 2, 3, 4)])).toBeNull();
    expect(longestInteraction([])).toBeNull();
  });
});
