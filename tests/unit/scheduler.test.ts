// The internal scheduler: reminders every minute, the retention purge once an hour (not every minute).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const runDispatch = vi.fn(async () => ({ due: 0, sent: 0, skipped: 0, failed: 0 }));
const runPurge = vi.fn(async () => ({ auditLogs: 0, rateLimits: 0, complete: true }));
vi.mock("@/lib/reminders/run", () => ({ runDispatch }));
vi.mock("@/lib/admin/retention", () => ({ runPurge }));
const resumeDuePauses = vi.fn(async () => 0);
vi.mock("@/lib/users/resume", () => ({ resumeDuePauses }));
const refreshDueCalendars = vi.fn(async () => ({ refreshed: 0, failed: 0 }));
vi.mock("@/lib/calendar-source/source", () => ({ refreshDueCalendars }));
vi.mock("@/lib/db", () => ({ getDb: async () => ({}) }));
const runRecapDispatch = vi.fn(async () => ({ due: 0, sent: 0, skipped: 0, failed: 0 }));
vi.mock("@/lib/recap/send", () => ({ runRecapDispatch }));

const { startScheduler } = await import("@/lib/scheduler");

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  runDispatch.mockClear();
  runPurge.mockClear();
  resumeDuePauses.mockClear();
  refreshDueCalendars.mockClear();
  runRecapDispatch.mockClear();
  delete (globalThis as Record<string, unknown>).__limberScheduler;
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).__limberScheduler;
});

describe("startScheduler", () => {
  it("runs the weekly recap dispatch every 5 minutes, the first 40 s after start (issue 33)", async () => {
    startScheduler();
    await vi.advanceTimersByTimeAsync(39_000);
    expect(runRecapDispatch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runRecapDispatch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(runRecapDispatch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(55 * MINUTE);
    expect(runRecapDispatch).toHaveBeenCalledTimes(13);
  });

  it("dispatches every minute and purges once an hour, the first purge a minute after start", async () => {
    startScheduler();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(runPurge).not.toHaveBeenCalled();
    expect(runDispatch).toHaveBeenCalledTimes(1); // 5 s after start
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runPurge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(58 * MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(1);
    expect(runDispatch.mock.calls.length).toBeGreaterThanOrEqual(59);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(2); // 60 min
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(3);
  });

  it("ends the pauses whose resume day has come before each dispatch, and dispatches even when that fails", async () => {
    const order: string[] = [];
    resumeDuePauses.mockImplementation(async () => (order.push("resume"), 0));
    runDispatch.mockImplementation(async () => (order.push("dispatch"), { due: 0, sent: 0, skipped: 0, failed: 0 }));
    startScheduler();
    await vi.advanceTimersByTimeAsync(5_000 + MINUTE);
    expect(order).toEqual(["resume", "dispatch", "resume", "dispatch"]);
    resumeDuePauses.mockRejectedValueOnce(new Error("database down"));
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(order.at(-1)).toBe("dispatch");
    expect(console.error).toHaveBeenCalledWith("[reminders] resuming paused users failed:", "database down");
  });

  it("keeps running after a failed purge, and starts only once per process", async () => {
    runPurge.mockRejectedValueOnce(new Error("database down"));
    startScheduler();
    startScheduler();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(1);
    expect(console.error).toHaveBeenCalledWith("[purge] failed:", "database down");
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(2);
  });

  it("never overlaps two purges: a tick while one runs is skipped", async () => {
    let finish: () => void = () => {};
    runPurge.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({ auditLogs: 0, rateLimits: 0, complete: true }))),
    );
    startScheduler(MINUTE, 10 * MINUTE);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10 * MINUTE); // the next tick finds the first still running
    expect(runPurge).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(runPurge).toHaveBeenCalledTimes(2);
  });

  it("reads the due calendars every minute on their own timer: a slow read holds up no dispatch", async () => {
    let finish: () => void = () => {};
    refreshDueCalendars.mockImplementationOnce(
      () => new Promise((resolve) => (finish = () => resolve({ refreshed: 1, failed: 0 }))),
    );
    startScheduler();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(refreshDueCalendars).toHaveBeenCalledTimes(1);
    // The read hangs; the dispatch goes on every minute, and no second read starts over the first.
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(runDispatch).toHaveBeenCalledTimes(3); // at 5 s, 65 s and 125 s
    expect(refreshDueCalendars).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refreshDueCalendars).toHaveBeenCalledTimes(2);
  });
});
