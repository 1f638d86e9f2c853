// "Load more" for the owner console's lists. The first page is a normal query (polled, refetched
// on focus); the pages loaded after it are kept here and are never refetched. When the first page
// changes, the rows loaded after it are reconciled with it, so the list stays in order with no
// repeats and no gaps: rows pushed out of the fresh first page (newer rows arrived) stay shown,
// rows the fresh first page should hold but does not (deleted) go. Pure, for unit tests.

export interface ListPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface LoadedMore<T> {
  /** The first page these rows were reconciled with (compared by reference). */
  basis: ListPage<T>;
  /** Rows after the first page, in list order. */
  items: T[];
  /** Cursor for the page after `items`; null once the end was reached. */
  cursor: string | null;
}

export interface Keyed {
  id: string;
}

/** Rows of `rows` not in `seen` (by id), each once, in order. */
function unseen<T extends Keyed>(rows: T[], seen: Set<string>): T[] {
  const out: T[] = [];
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(row);
  }
  return out;
}

/**
 * The rows loaded after `first`, given the rows loaded after an earlier first page. `timeOf` is
 * the row's sort time (lists are newest first). A row counts as beyond the fresh first page when
 * it is not newer than that page's last row: ties stay (the id order of a tie is the database's
 * collation, which the browser cannot reproduce; at worst a deleted tied row stays until reload).
 */
export function reconcile<T extends Keyed>(
  more: LoadedMore<T>,
  first: ListPage<T>,
  timeOf: (row: T) => number,
): LoadedMore<T> | null {
  const boundary = first.items.at(-1);
  // The fresh first page reaches the end of the list (or is empty): nothing lies beyond it.
  if (first.nextCursor === null || !boundary) return null;
  const limit = timeOf(boundary);
  const seen = new Set(first.items.map((r) => r.id));
  const beyond = (r: T) => timeOf(r) <= limit;
  const items = unseen([...more.basis.items.filter(beyond), ...more.items.filter(beyond)], seen);
  // Nothing kept: loading more starts again from the fresh first page's own cursor.
  if (items.length === 0) return null;
  return { basis: first, items, cursor: more.cursor };
}

/** `more` with the next page appended (rows already shown are skipped). */
export function append<T extends Keyed>(
  more: LoadedMore<T> | null,
  first: ListPage<T>,
  page: ListPage<T>,
): LoadedMore<T> {
  const seen = new Set([...first.items, ...(more?.items ?? [])].map((r) => r.id));
  return {
    basis: more?.basis ?? first,
    items: [...(more?.items ?? []), ...unseen(page.items, seen)],
    cursor: page.nextCursor,
  };
}

/** The cursor "Load more" asks with, or null at the end. */
export function nextCursorOf<T>(more: LoadedMore<T> | null, first: ListPage<T> | undefined): string | null {
  return more ? more.cursor : (first?.nextCursor ?? null);
}
