// The internal scheduler: reminders every minute, the retention purge once an hour (not every minute).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const runDispatch = vi.fn(async () => ({ due: 0, sent: 0, skipped: 0, failed: 0 }));
const runPurge = vi.fn(async () => ({ auditLogs: 0, rateLimits: 0, complete: true }));
vi.mock("@/lib/reminders/run", () => ({ runDispatch }));
vi.mock("@/lib/admin/retention", () => ({ runPurge }));

const { startScheduler } = await import("@/lib/reminders/scheduler");

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "log").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  runDispatch.mockClear();
  runPurge.mockClear();
  delete (globalThis as Record<string, unknown>).__limberScheduler;
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (globalThis as Record<string, unknown>).__limberScheduler;
});

describe("startScheduler", () => {
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
});
