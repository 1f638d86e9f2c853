// The login page's "Your account has been deleted." after Settings' deletion. Carried in this tab's
// sessionStorage rather than the URL or a cookie: only the app's own script can set it (a link
// cannot show the notice), it survives the redirects that clear the dead session cookie on the way
// to the login screen (which may load the login page twice), and it holds no user data. It lasts a
// minute, in this tab only.
export const ACCOUNT_DELETED_KEY = "limber.account-deleted";
export const ACCOUNT_DELETED_TEXT = "Your account has been deleted.";
/** The login screen's notice element (rendered hidden; the login form shows it). */
export const ACCOUNT_DELETED_ID = "account-deleted";
const SHOW_FOR_MS = 60_000;

export function rememberAccountDeleted(storage: Pick<Storage, "setItem">, now = Date.now()) {
  storage.setItem(ACCOUNT_DELETED_KEY, String(now + SHOW_FOR_MS));
}

/** True for a minute after a deletion in this tab; an expired or foreign value is removed. */
export function accountRecentlyDeleted(storage: Pick<Storage, "getItem" | "removeItem">, now = Date.now()): boolean {
  const raw = storage.getItem(ACCOUNT_DELETED_KEY);
  if (raw === null) return false;
  const until = Number(raw);
  if (Number.isFinite(until) && until > now && until <= now + SHOW_FOR_MS) return true;
  storage.removeItem(ACCOUNT_DELETED_KEY);
  return false;
}
