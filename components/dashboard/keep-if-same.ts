/**
 * The copy a refetch should show: the one already shown when the fresh one holds the same data, so
 * a 30-second poll that brings nothing new re-renders nothing (on a phone each re-render of the
 * dashboard's islands is main-thread time the user's next tap would wait behind).
 */
export function keepIfSame<T>(shown: T | undefined, fresh: T): T {
  return shown !== undefined && JSON.stringify(shown) === JSON.stringify(fresh) ? shown : fresh;
}
