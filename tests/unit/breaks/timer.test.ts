import { describe, expect, it } from "vitest";
import {
  breakOutcome,
  COMPLETE_SHARE,
  createTimer,
  doneMs,
  durationsOf,
  exerciseElapsed,
  formatCountdown,
  overallProgress,
  parseTimer,
  ranOut,
  remainingMs,
  shortLength,
  spokenCountdown,
  timerReducer,
  type TimerAction,
  type TimerState,
} from "@/lib/breaks/timer";

const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5, 10, 0, 0); // any wall-clock instant
// Three exercises: 2, 1 and 2 minutes.
const DURATIONS = [2 * MIN, 1 * MIN, 2 * MIN];

function run(actions: TimerAction[], start: TimerState = createTimer(DURATIONS, T0)): TimerState {
  return actions.reduce(timerReducer, start);
}
const at = (ms: number) => T0 + ms;
const started = () => run([{ type: "start", now: at(0) }]);

describe("durationsOf", () => {
  it("turns minutes into ms, with a floor of one second for bad values", () => {
    expect(durationsOf([{ minutes: 2 }, { minutes: 0.5 }, { minutes: 0 }, { minutes: Number.NaN }])).toEqual([
      120_000, 30_000, 1000, 1000,
    ]);
  });

  it("uses an exercise's own seconds (the length its steps need) when it has them", () => {
    expect(durationsOf([{ minutes: 5, seconds: 90 }, { minutes: 2, seconds: 45 }, { minutes: 2 }])).toEqual([
      90_000, 45_000, 120_000,
    ]);
    // Missing, zero, negative or not a number: the minutes decide.
    expect(
      durationsOf([
        { minutes: 3, seconds: 0 },
        { minutes: 3, seconds: -5 },
        { minutes: 3, seconds: Number.NaN },
        { minutes: 3, seconds: null },
      ]),
    ).toEqual([180_000, 180_000, 180_000, 180_000]);
  });
});

describe("start", () => {
  it("begins the first exercise at the given time", () => {
    const s = started();
    expect(s).toMatchObject({
      status: "running",
      index: 0,
      elapsed: 0,
      startedAt: at(0),
      pausedAt: null,
      finishedAt: null,
      now: at(0),
    });
    expect(remainingMs(s)).toBe(2 * MIN);
    expect(overallProgress(s)).toBe(0);
  });

  it("does nothing once running (a second click, or a key repeat)", () => {
    const s = run([{ type: "start", now: at(30_000) }], started());
    expect(s).toMatchObject({ status: "running", startedAt: at(0) });
    expect(remainingMs(s)).toBe(90_000);
  });

  it("finishes at once when there are no exercises", () => {
    const s = run([{ type: "start", now: at(0) }], createTimer([], T0));
    expect(s.status).toBe("finished");
    expect(s.finishedAt).toBe(at(0));
  });

  it("a ready timer shows the first exercise's full length whatever the clock says", () => {
    const s = run([{ type: "tick", now: at(10 * MIN) }], createTimer(DURATIONS, T0));
    expect(s.status).toBe("ready");
    expect(remainingMs(s)).toBe(2 * MIN);
  });
});

describe("tick", () => {
  it("derives time from timestamps: one late tick equals many small ones", () => {
    const many = run(
      Array.from({ length: 90 }, (_, i) => ({ type: "tick" as const, now: at((i + 1) * 1000) })),
      started(),
    );
    const one = run([{ type: "tick", now: at(90_000) }], started());
    expect(remainingMs(many)).toBe(30_000);
    expect(remainingMs(one)).toBe(30_000);
    expect(one).toEqual(many);
  });

  it("moves to the next exercise exactly at the boundary", () => {
    const before = run([{ type: "tick", now: at(2 * MIN - 1) }], started());
    expect(before.index).toBe(0);
    expect(remainingMs(before)).toBe(1);
    const s = run([{ type: "tick", now: at(2 * MIN) }], started());
    expect(s).toMatchObject({ status: "running", index: 1, elapsed: 0, startedAt: at(2 * MIN) });
    expect(remainingMs(s)).toBe(1 * MIN);
  });

  it("carries time beyond a boundary into the next exercise", () => {
    const s = run([{ type: "tick", now: at(2 * MIN + 15_000) }], started());
    expect(s.index).toBe(1);
    expect(remainingMs(s)).toBe(45_000);
  });

  it("crosses several boundaries at once (a throttled background tab)", () => {
    const s = run([{ type: "tick", now: at(3 * MIN + 20_000) }], started());
    expect(s).toMatchObject({ status: "running", index: 2, startedAt: at(3 * MIN) });
    expect(remainingMs(s)).toBe(2 * MIN - 20_000);
    expect(overallProgress(s)).toBeCloseTo((3 * MIN + 20_000) / (5 * MIN));
  });

  it("finishes after the last exercise, at the time it really ended", () => {
    const s = run([{ type: "tick", now: at(60 * MIN) }], started());
    expect(s).toMatchObject({
      status: "finished",
      index: 2,
      finishedAt: at(5 * MIN),
      startedAt: null,
      now: at(60 * MIN),
    });
    expect(remainingMs(s)).toBe(0);
    expect(overallProgress(s)).toBe(1);
  });

  it("does not count time backwards when the clock goes back", () => {
    const s = run([{ type: "tick", now: at(-5000) }], started());
    expect(exerciseElapsed(s)).toBe(0);
    expect(remainingMs(s)).toBe(2 * MIN);
  });
});

describe("pause and resume", () => {
  it("freezes the countdown across a long gap", () => {
    const paused = run(
      [
        { type: "tick", now: at(30_000) },
        { type: "pause", now: at(45_000) },
      ],
      started(),
    );
    expect(paused).toMatchObject({ status: "paused", elapsed: 45_000, startedAt: null, pausedAt: at(45_000) });
    // An hour later (the phone slept): nothing moved.
    const later = run([{ type: "tick", now: at(60 * MIN) }], paused);
    expect(later.status).toBe("paused");
    expect(remainingMs(later)).toBe(75_000);
    const resumed = run([{ type: "resume", now: at(60 * MIN) }], later);
    expect(resumed).toMatchObject({
      status: "running",
      index: 0,
      elapsed: 45_000,
      startedAt: at(60 * MIN),
      pausedAt: null,
    });
    expect(remainingMs(resumed)).toBe(75_000);
    const after = run([{ type: "tick", now: at(60 * MIN + 75_000) }], resumed);
    expect(after.index).toBe(1);
    expect(remainingMs(after)).toBe(1 * MIN);
  });

  it("a pause after a boundary passed unseen lands in the right exercise", () => {
    const s = run([{ type: "pause", now: at(2 * MIN + 10_000) }], started());
    expect(s).toMatchObject({ status: "paused", index: 1, elapsed: 10_000 });
  });

  it("a pause after the end finishes instead", () => {
    const s = run([{ type: "pause", now: at(6 * MIN) }], started());
    expect(s).toMatchObject({ status: "finished", finishedAt: at(5 * MIN) });
  });

  it("pause is ignored when not running, resume when not paused", () => {
    const ready = createTimer(DURATIONS, T0);
    expect(run([{ type: "pause", now: at(1000) }], ready).status).toBe("ready");
    expect(run([{ type: "resume", now: at(1000) }], ready).status).toBe("ready");
    const running = run([{ type: "resume", now: at(1000) }], started());
    expect(running).toMatchObject({ status: "running", startedAt: at(0) });
    const paused = run(
      [
        { type: "pause", now: at(1000) },
        { type: "pause", now: at(9000) },
      ],
      started(),
    );
    expect(paused).toMatchObject({ status: "paused", elapsed: 1000, pausedAt: at(1000) });
  });
});

describe("skip", () => {
  it("goes to the next exercise from its start", () => {
    const s = run([{ type: "skip", now: at(20_000) }], started());
    expect(s).toMatchObject({ status: "running", index: 1, elapsed: 0, startedAt: at(20_000) });
    expect(remainingMs(s)).toBe(1 * MIN);
    expect(overallProgress(s)).toBeCloseTo(2 / 5);
  });

  it("keeps a paused timer paused", () => {
    const s = run(
      [
        { type: "pause", now: at(20_000) },
        { type: "skip", now: at(30_000) },
      ],
      started(),
    );
    expect(s).toMatchObject({ status: "paused", index: 1, elapsed: 0, startedAt: null, pausedAt: at(20_000) });
    expect(remainingMs(run([{ type: "tick", now: at(10 * MIN) }], s))).toBe(1 * MIN);
  });

  it("at the last exercise finishes the break", () => {
    const last = run(
      [
        { type: "skip", now: at(1000) },
        { type: "skip", now: at(2000) },
      ],
      started(),
    );
    expect(last.index).toBe(2);
    const s = run([{ type: "skip", now: at(3000) }], last);
    expect(s).toMatchObject({ status: "finished", finishedAt: at(3000) });
  });

  it("is ignored before the start and after the end", () => {
    expect(run([{ type: "skip", now: at(1000) }], createTimer(DURATIONS, T0))).toMatchObject({
      status: "ready",
      index: 0,
    });
    const done = run([{ type: "finish", now: at(1000) }], started());
    expect(run([{ type: "skip", now: at(2000) }], done)).toMatchObject({ status: "finished", finishedAt: at(1000) });
  });
});

describe("back", () => {
  it("goes to the previous exercise from its start", () => {
    const s = run(
      [
        { type: "tick", now: at(2 * MIN + 30_000) },
        { type: "back", now: at(2 * MIN + 30_000) },
      ],
      started(),
    );
    expect(s).toMatchObject({ status: "running", index: 0, elapsed: 0, startedAt: at(2 * MIN + 30_000) });
    expect(remainingMs(s)).toBe(2 * MIN);
  });

  it("at the first exercise starts it over", () => {
    const s = run([{ type: "back", now: at(50_000) }], started());
    expect(s).toMatchObject({ status: "running", index: 0, elapsed: 0, startedAt: at(50_000) });
    expect(remainingMs(s)).toBe(2 * MIN);
  });

  it("keeps a paused timer paused", () => {
    const s = run(
      [
        { type: "skip", now: at(1000) },
        { type: "pause", now: at(5000) },
        { type: "back", now: at(9000) },
      ],
      started(),
    );
    expect(s).toMatchObject({ status: "paused", index: 0, elapsed: 0, startedAt: null });
  });

  it("is ignored before the start and after the end", () => {
    expect(run([{ type: "back", now: at(1000) }], createTimer(DURATIONS, T0)).status).toBe("ready");
    const done = run(
      [
        { type: "tick", now: at(10 * MIN) },
        { type: "back", now: at(10 * MIN) },
      ],
      started(),
    );
    expect(done.status).toBe("finished");
  });
});

describe("finish and restart", () => {
  it("finish ends the break early, from running or paused", () => {
    expect(run([{ type: "finish", now: at(30_000) }], started())).toMatchObject({
      status: "finished",
      finishedAt: at(30_000),
      startedAt: null,
    });
    const paused = run(
      [
        { type: "pause", now: at(10_000) },
        { type: "finish", now: at(99_000) },
      ],
      started(),
    );
    expect(paused).toMatchObject({ status: "finished", finishedAt: at(99_000), pausedAt: null });
  });

  it("finish after the real end keeps the real end time; a second finish changes nothing", () => {
    const s = run([{ type: "finish", now: at(8 * MIN) }], started());
    expect(s.finishedAt).toBe(at(5 * MIN));
    expect(run([{ type: "finish", now: at(9 * MIN) }], s)).toMatchObject({ finishedAt: at(5 * MIN), now: at(9 * MIN) });
  });

  it("restart returns to the first exercise, ready", () => {
    const s = run(
      [
        { type: "finish", now: at(1000) },
        { type: "restart", now: at(2000) },
      ],
      started(),
    );
    expect(s).toEqual(createTimer(DURATIONS, at(2000)));
    expect(remainingMs(s)).toBe(2 * MIN);
  });
});

describe("restore (sessionStorage round trip)", () => {
  const roundTrip = (s: TimerState) => JSON.parse(JSON.stringify(s)) as unknown;

  it("a running timer restored later has kept counting", () => {
    const saved = roundTrip(run([{ type: "tick", now: at(30_000) }], started()));
    const s = run(
      [{ type: "restore", saved, now: at(2 * MIN + 30_000) }],
      createTimer(DURATIONS, at(2 * MIN + 30_000)),
    );
    expect(s).toMatchObject({ status: "running", index: 1, startedAt: at(2 * MIN) });
    expect(remainingMs(s)).toBe(30_000);
  });

  it("a paused timer restored later is still paused where it was", () => {
    const saved = JSON.stringify(
      run(
        [
          { type: "skip", now: at(5000) },
          { type: "pause", now: at(25_000) },
        ],
        started(),
      ),
    );
    const s = run([{ type: "restore", saved, now: at(3 * 3600_000) }], createTimer(DURATIONS));
    expect(s).toMatchObject({
      status: "paused",
      index: 1,
      elapsed: 20_000,
      pausedAt: at(25_000),
      now: at(3 * 3600_000),
    });
    expect(remainingMs(s)).toBe(40_000);
  });

  it("a finished timer stays finished", () => {
    const saved = roundTrip(run([{ type: "tick", now: at(6 * MIN) }], started()));
    expect(run([{ type: "restore", saved, now: at(7 * MIN) }], createTimer(DURATIONS))).toMatchObject({
      status: "finished",
      finishedAt: at(5 * MIN),
    });
  });

  it("ignores a state made for other exercises, or a damaged one", () => {
    const fresh = createTimer(DURATIONS, at(0));
    const other = roundTrip(run([{ type: "start", now: at(0) }], createTimer([MIN, MIN, 2 * MIN], T0)));
    const bad: unknown[] = [
      other,
      "{not json",
      null,
      42,
      { ...(roundTrip(started()) as object), v: 1 }, // stored before `done` was kept
      { ...(roundTrip(started()) as object), done: [0, 0] },
      { ...(roundTrip(started()) as object), done: [3 * MIN, 0, 0] },
      { ...(roundTrip(started()) as object), status: "flying" },
      { ...(roundTrip(started()) as object), index: 3 },
      { ...(roundTrip(started()) as object), index: 1.5 },
      { ...(roundTrip(started()) as object), elapsed: -1 },
      { ...(roundTrip(started()) as object), startedAt: null },
      { ...(roundTrip(started()) as object), now: "soon" },
      { ...(roundTrip(run([{ type: "finish", now: at(1) }], started())) as object), finishedAt: null },
    ];
    for (const saved of bad) {
      const s = run([{ type: "restore", saved, now: at(5000) }], fresh);
      expect(s, JSON.stringify(saved)).toEqual({ ...fresh, now: at(5000) });
    }
  });

  it("parseTimer drops fields that do not belong to the status", () => {
    const paused = {
      ...(roundTrip(run([{ type: "pause", now: at(1000) }], started())) as object),
      startedAt: at(500),
      finishedAt: at(9),
    };
    expect(parseTimer(paused, DURATIONS)).toMatchObject({
      status: "paused",
      startedAt: null,
      finishedAt: null,
      pausedAt: at(1000),
    });
  });
});

describe("time actually done, and how the break went", () => {
  const ONE = [5 * MIN]; // a one-exercise, 5-minute break

  it("Skip does not count a break: skipping every exercise leaves it skipped, not complete", () => {
    const s = run(
      [
        { type: "skip", now: at(2000) },
        { type: "skip", now: at(3000) },
        { type: "skip", now: at(4000) },
      ],
      started(),
    );
    expect(s.status).toBe("finished");
    expect(s.done).toEqual([2000, 1000, 1000]);
    expect(doneMs(s)).toBe(4000);
    expect(breakOutcome(s)).toBe("skipped");
  });

  it("skip 3 s into a one-exercise break is skipped (the issue's case), ended early after most of it is complete", () => {
    const start = createTimer(ONE, T0);
    const skipped = run(
      [
        { type: "start", now: at(0) },
        { type: "skip", now: at(3000) },
      ],
      start,
    );
    expect(skipped).toMatchObject({ status: "finished", done: [3000] });
    expect(breakOutcome(skipped)).toBe("skipped");
    const mostly = run(
      [
        { type: "start", now: at(0) },
        { type: "skip", now: at(4.5 * MIN) },
      ],
      start,
    );
    expect(breakOutcome(mostly)).toBe("complete");
    const half = run(
      [
        { type: "start", now: at(0) },
        { type: "finish", now: at(2.5 * MIN) },
      ],
      start,
    );
    expect(breakOutcome(half)).toBe("partial");
  });

  it("a break whose time runs out is complete, with every exercise done in full", () => {
    const s = run([{ type: "tick", now: at(60 * MIN) }], started());
    expect(s.done).toEqual(DURATIONS);
    expect(breakOutcome(s)).toBe("complete");
  });

  it("pauses do not count as time done; only running time does", () => {
    const s = run(
      [
        { type: "tick", now: at(30_000) },
        { type: "pause", now: at(30_000) },
        { type: "tick", now: at(30 * MIN) },
        { type: "resume", now: at(30 * MIN) },
        { type: "finish", now: at(30 * MIN + 10_000) },
      ],
      started(),
    );
    expect(doneMs(s)).toBe(40_000);
    expect(breakOutcome(s)).toBe("skipped");
  });

  it("going back and doing an exercise again counts it at most once", () => {
    const s = run(
      [
        { type: "tick", now: at(2 * MIN + 10_000) }, // the first ran out, 10 s into the second
        { type: "back", now: at(2 * MIN + 10_000) },
        { type: "tick", now: at(4 * MIN + 10_000) }, // the first again, in full
      ],
      started(),
    );
    expect(s.index).toBe(1);
    expect(s.done).toEqual([2 * MIN, 10_000, 0]);
    expect(doneMs(s)).toBe(2 * MIN + 10_000);
  });

  it("ending a break that never started does nothing but finish it, skipped", () => {
    const s = run([{ type: "finish", now: at(1000) }], createTimer(DURATIONS, T0));
    expect(s).toMatchObject({ status: "finished", done: [0, 0, 0] });
    expect(breakOutcome(s)).toBe("skipped");
    expect(breakOutcome(createTimer([], T0))).toBe("skipped");
  });

  it("while running, the current exercise's time counts too; restart forgets it", () => {
    const s = run(
      [
        { type: "skip", now: at(2 * MIN) },
        { type: "tick", now: at(2 * MIN + 30_000) },
      ],
      started(),
    );
    expect(doneMs(s)).toBe(2 * MIN + 30_000);
    expect(run([{ type: "restart", now: at(3 * MIN) }], s).done).toEqual([0, 0, 0]);
  });

  it("the complete share is the rule's one constant, at its edge", () => {
    const total = 5 * MIN;
    const edge = run(
      [
        { type: "start", now: at(0) },
        { type: "finish", now: at(total * COMPLETE_SHARE) },
      ],
      createTimer(ONE, T0),
    );
    expect(breakOutcome(edge)).toBe("complete");
    const below = run(
      [
        { type: "start", now: at(0) },
        { type: "finish", now: at(total * COMPLETE_SHARE - 1) },
      ],
      createTimer(ONE, T0),
    );
    expect(breakOutcome(below)).toBe("partial");
  });
});

describe("ranOut: counted on its own", () => {
  it("is true when the timer ran out on every exercise, even through a pause or a reload", () => {
    expect(ranOut(run([{ type: "tick", now: at(5 * MIN) }], started()))).toBe(true);
    const paused = run(
      [
        { type: "pause", now: at(30_000) },
        { type: "resume", now: at(10 * MIN) },
        { type: "tick", now: at(10 * MIN + 5 * MIN) },
      ],
      started(),
    );
    expect(paused.status).toBe("finished");
    expect(ranOut(paused)).toBe(true);
    expect(ranOut(run([{ type: "restore", saved: JSON.stringify(started()), now: at(6 * MIN) }]))).toBe(true);
  });

  it("is false for a break skipped, stepped back through or ended early, and before it ends", () => {
    expect(ranOut(started())).toBe(false);
    expect(ranOut(createTimer(DURATIONS, T0))).toBe(false);
    // Skip 20 s before the end: complete by its time, but not run out.
    const skippedLate = run(
      [
        { type: "tick", now: at(5 * MIN - 20_000) },
        { type: "skip", now: at(5 * MIN - 20_000) },
      ],
      started(),
    );
    expect(skippedLate.status).toBe("finished");
    expect(breakOutcome(skippedLate)).toBe("complete");
    expect(ranOut(skippedLate)).toBe(false);
    // Skipped through in seconds.
    const skipped = run(
      [
        { type: "skip", now: at(1000) },
        { type: "skip", now: at(2000) },
        { type: "skip", now: at(3000) },
      ],
      started(),
    );
    expect(ranOut(skipped)).toBe(false);
    expect(ranOut(run([{ type: "finish", now: at(4 * MIN) }], started()))).toBe(false);
    expect(ranOut(run([{ type: "finish", now: at(0) }]))).toBe(false); // ended before it started
    // Skipped the first, then the rest ran out: not every exercise done.
    expect(
      ranOut(
        run(
          [
            { type: "skip", now: at(1000) },
            { type: "tick", now: at(1000 + 3 * MIN) },
          ],
          started(),
        ),
      ),
    ).toBe(false);
  });

  it("is false for a break with no exercises", () => {
    expect(ranOut(run([{ type: "start", now: at(0) }], createTimer([], T0)))).toBe(false);
  });
});

describe("formatting", () => {
  it("shows mm:ss, rounding up", () => {
    expect(formatCountdown(2 * MIN)).toBe("02:00");
    expect(formatCountdown(2 * MIN - 1)).toBe("02:00");
    expect(formatCountdown(61_000)).toBe("01:01");
    expect(formatCountdown(999)).toBe("00:01");
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(-5)).toBe("00:00");
    expect(formatCountdown(15 * MIN)).toBe("15:00");
  });

  it("shows a length in short form", () => {
    expect(shortLength(2 * MIN)).toBe("2 min");
    expect(shortLength(45_000)).toBe("45 s");
    expect(shortLength(90_000)).toBe("1 min 30 s");
  });

  it("says the time in words for the accessible label", () => {
    expect(spokenCountdown(2 * MIN)).toBe("2 minutes");
    expect(spokenCountdown(61_000)).toBe("1 minute 1 second");
    expect(spokenCountdown(45_500)).toBe("46 seconds");
    expect(spokenCountdown(0)).toBe("0 seconds");
  });
});
