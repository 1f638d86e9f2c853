import { describe, expect, it } from "vitest";
import { submitGate } from "@/components/forms/submit-gate";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A schedule that runs nothing until `paint` (the press's next paint), which then lets the run settle. */
function frames() {
  const waiting: (() => void)[] = [];
  return {
    schedule: (fn: () => void) => void waiting.push(fn),
    paint: async () => {
      waiting.splice(0).forEach((fn) => fn());
      await tick();
    },
  };
}

describe("submitGate", () => {
  it("takes a second press while the first waits for its paint as the same submit", async () => {
    const frame = frames();
    const press = submitGate(frame.schedule);
    let runs = 0;
    const run = async () => void (runs += 1);
    expect(press(false, run)).toBe(true);
    expect(press(false, run)).toBe(false);
    expect(runs).toBe(0); // nothing checked or sent before the paint
    await frame.paint();
    expect(runs).toBe(1);
  });

  it("ignores presses while the submit runs, and opens again once it settles", async () => {
    const frame = frames();
    const press = submitGate(frame.schedule);
    let finish!: () => void;
    let runs = 0;
    const run = () => {
      runs += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    press(false, run);
    await frame.paint();
    expect(press(false, run)).toBe(false);
    finish();
    await tick();
    expect(press(false, run)).toBe(true);
    await frame.paint();
    expect(runs).toBe(2);
  });

  it("opens again after a submit that failed or threw", async () => {
    const frame = frames();
    const press = submitGate(frame.schedule);
    press(false, () => Promise.reject(new Error("network")));
    await frame.paint();
    expect(
      press(false, () => {
        throw new Error("sync");
      }),
    ).toBe(true);
    await frame.paint();
    expect(press(false, async () => undefined)).toBe(true);
  });

  it("refuses a press while a submit is being sent, without queueing it", async () => {
    const frame = frames();
    const press = submitGate(frame.schedule);
    let runs = 0;
    expect(press(true, async () => void (runs += 1))).toBe(false);
    await frame.paint();
    expect(runs).toBe(0);
    expect(press(false, async () => void (runs += 1))).toBe(true);
  });
});
