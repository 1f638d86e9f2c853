/**
 * One submit at a time. A press is accepted unless a submit is being sent (`busy`) or one is still
 * waiting for its turn (`schedule`, e.g. the press's next paint) or running: a second press
 * meanwhile is the same submit, so a double press never posts twice. The gate opens again when the
 * accepted submit settles, whether it was sent, refused by the checks or failed.
 */
export function submitGate(schedule: (fn: () => void) => void) {
  let queued = false;
  return function press(busy: boolean, run: () => Promise<unknown>): boolean {
    if (busy || queued) return false;
    queued = true;
    // Through then(): a run that throws at once settles like one that rejects.
    schedule(
      () =>
        void Promise.resolve()
          .then(run)
          .catch(() => undefined)
          .finally(() => (queued = false)),
    );
    return true;
  };
}
