import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETED_KEY, accountRecentlyDeleted, rememberAccountDeleted } from "@/components/auth/account-deleted";

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

describe("the login screen's account-deleted notice", () => {
  it("shows for a minute after the deletion in this tab, then is removed", () => {
    const s = memoryStorage();
    expect(accountRecentlyDeleted(s, 1_000)).toBe(false);
    rememberAccountDeleted(s, 1_000);
    expect(accountRecentlyDeleted(s, 1_000)).toBe(true);
    expect(accountRecentlyDeleted(s, 60_999)).toBe(true); // the login page may load twice on the way
    expect(accountRecentlyDeleted(s, 61_000)).toBe(false);
    expect(s.m.has(ACCOUNT_DELETED_KEY)).toBe(false);
  });

  it("ignores a value it did not write (garbage, or far in the future)", () => {
    for (const v of ["1", "yes", String(10 ** 15)]) {
      const s = memoryStorage();
      s.setItem(ACCOUNT_DELETED_KEY, v);
      expect(accountRecentlyDeleted(s, 1_000_000), v).toBe(false);
      expect(s.m.has(ACCOUNT_DELETED_KEY)).toBe(false);
    }
  });
});
