// "Load more" bookkeeping of the owner console (components/admin/paging.ts): only the first page is
// refreshed, and the rows loaded after it stay in order without repeats or gaps.
import { describe, expect, it } from "vitest";
import { append, nextCursorOf, reconcile, type ListPage, type LoadedMore } from "@/components/admin/paging";

interface Row {
  id: string;
  t: number;
}
/** Rows n..m, newest first: row k has time 1000 - k. */
const rows = (from: number, to: number, prefix = "r"): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id: `${prefix}${from + i}`, t: 1000 - (from + i) }));
const timeOf = (r: Row) => r.t;
const ids = (list: Row[]) => list.map((r) => r.id);
const shown = (first: ListPage<Row>, more: LoadedMore<Row> | null) => ids([...first.items, ...(more?.items ?? [])]);

const first1: ListPage<Row> = { items: rows(1, 50), nextCursor: "c50" };
const loaded = append(null, first1, { items: rows(51, 100), nextCursor: "c100" });

describe("append and nextCursorOf", () => {
  it("continues from the first page, then from the last page loaded, and skips rows already shown", () => {
    expect(nextCursorOf(null, first1)).toBe("c50");
    expect(nextCursorOf(null, undefined)).toBeNull();
    expect(loaded).toEqual({ basis: first1, items: rows(51, 100), cursor: "c100" });
    expect(nextCursorOf(loaded, first1)).toBe("c100");
    const again = append(loaded, first1, { items: rows(100, 120), nextCursor: null });
    expect(ids(again.items)).toEqual(ids(rows(51, 120)));
    expect(nextCursorOf(again, first1)).toBeNull();
  });
});

describe("reconcile (after the first page was refreshed)", () => {
  it("keeps rows pushed out of the first page by newer ones: no gap", () => {
    const fresh: ListPage<Row> = {
      items: [...rows(1, 5, "new").map((r) => ({ ...r, t: 2000 - r.t })), ...rows(1, 45)],
      nextCursor: "c45",
    };
    const more = reconcile(loaded, fresh, timeOf)!;
    expect(more.basis).toBe(fresh);
    expect(more.cursor).toBe("c100");
    expect(shown(fresh, more)).toEqual([...ids(fresh.items.slice(0, 5)), ...ids(rows(1, 100))]);
  });

  it("drops rows deleted from the first page's range and rows that moved into the first page: no repeats", () => {
    const fresh: ListPage<Row> = { items: [...rows(1, 9), ...rows(11, 51)], nextCursor: "c51" };
    const more = reconcile(loaded, fresh, timeOf)!;
    expect(shown(fresh, more)).toEqual(ids([...rows(1, 9), ...rows(11, 100)]));
    expect(more.cursor).toBe("c100");
  });

  it("forgets later pages when the fresh first page reaches the end, or nothing beyond it remains", () => {
    expect(reconcile(loaded, { items: rows(1, 30), nextCursor: null }, timeOf)).toBeNull();
    expect(reconcile(loaded, { items: [], nextCursor: null }, timeOf)).toBeNull();
    const small = append(null, first1, { items: rows(51, 52), nextCursor: "c52" });
    expect(reconcile(small, { items: rows(1, 52), nextCursor: "c52b" }, timeOf)).toBeNull();
  });

  it("keeps rows tied with the first page's last row", () => {
    const tied: ListPage<Row> = { items: rows(1, 50), nextCursor: "c50" };
    const more = append(null, tied, {
      items: [{ id: "tie", t: tied.items.at(-1)!.t }, ...rows(51, 60)],
      nextCursor: "c60",
    });
    const fresh: ListPage<Row> = { items: [...tied.items], nextCursor: "c50" };
    expect(ids(reconcile(more, fresh, timeOf)!.items)).toEqual(["tie", ...ids(rows(51, 60))]);
  });

  it("is stable: reconciling again with the same first page changes nothing", () => {
    const fresh: ListPage<Row> = { items: rows(3, 52), nextCursor: "c52" };
    const once = reconcile(loaded, fresh, timeOf)!;
    expect(reconcile(once, fresh, timeOf)).toEqual(once);
  });
});
