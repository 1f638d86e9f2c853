"use client";

import { useCallback, useState } from "react";
import { append, type Keyed, type ListPage, type LoadedMore, nextCursorOf, reconcile } from "./paging";

export interface LoadMoreOptions<T extends Keyed> {
  /** The first page, from its query (undefined while it loads). */
  first: ListPage<T> | undefined;
  /** Rows loaded after the first page are dropped when this changes (another filter, a new visit). */
  resetKey: string;
  /** The row's sort time in ms (the list is newest first). */
  timeOf: (row: T) => number;
  fetchPage: (cursor: string) => Promise<ListPage<T>>;
  onError?: (error: unknown) => void;
}

export interface LoadMore<T> {
  /** The first page and every page loaded after it, in order. */
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** The last "Load more" failed (cleared by the next try). */
  failed: boolean;
  loadMore: () => Promise<void>;
  /** The first row of the page just loaded, to move focus to; cleared with `focused()`. */
  focusId: string | null;
  focused: () => void;
  /** Updates (or, returning null, removes) loaded rows after the first page, e.g. after an action. */
  patch: (fn: (row: T) => T | null) => void;
}

/** "Load more" under a list whose first page is a query of its own: see paging.ts. */
export function useLoadMore<T extends Keyed>({
  first,
  resetKey,
  timeOf,
  fetchPage,
  onError,
}: LoadMoreOptions<T>): LoadMore<T> {
  const [state, setState] = useState<{ key: string; more: LoadedMore<T> | null }>({ key: resetKey, more: null });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);

  // State that follows its inputs is adjusted while rendering (React's "storing information from
  // previous renders"); each branch settles in one extra render.
  let more = state.more;
  if (state.key !== resetKey) {
    more = null;
    setState({ key: resetKey, more });
    setFailed(false);
  } else if (more && !first) {
    more = null;
    setState({ key: resetKey, more });
  } else if (more && first && more.basis !== first) {
    more = reconcile(more, first, timeOf);
    setState({ key: resetKey, more });
  }

  const cursor = nextCursorOf(more, first);
  const items = first ? [...first.items, ...(more?.items ?? [])] : [];

  const loadMore = async () => {
    if (!cursor || !first || loading) return;
    const key = resetKey;
    const requestedWith = first;
    const shown = new Set(items.map((r) => r.id));
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(cursor);
      setState((s) => {
        // Another filter or visit since, or another load already appended this page: drop it.
        if (s.key !== key || (s.more && s.more.cursor !== cursor)) return s;
        return { key, more: append(s.more, requestedWith, page) };
      });
      setFocusId(page.items.find((r) => !shown.has(r.id))?.id ?? null);
    } catch (error) {
      setFailed(true);
      onError?.(error);
    } finally {
      setLoading(false);
    }
  };

  const patch = useCallback((fn: (row: T) => T | null) => {
    setState((s) =>
      s.more ? { ...s, more: { ...s.more, items: s.more.items.map(fn).filter((r): r is T => r !== null) } } : s,
    );
  }, []);
  const focused = useCallback(() => setFocusId(null), []);

  return { items, hasMore: cursor !== null, loading, failed, loadMore, focusId, focused, patch };
}
