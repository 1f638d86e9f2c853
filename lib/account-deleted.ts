// The login page's "Your account has been deleted." after Settings' deletion. Carried in this tab's
// sessionStorage rather than the URL or a cookie: only the app's own script can set it (a link
// cannot show the notice), it survives the redirects that clear the dead session cookie on the way
// to the login screen, and it holds no user data.
export const ACCOUNT_DELETED_KEY = "limber.account-deleted";
export const ACCOUNT_DELETED_TEXT = "Your account has been deleted.";

export function rememberAccountDeleted(storage: Pick<Storage, "setItem">) {
  storage.setItem(ACCOUNT_DELETED_KEY, "1");
}

/** True once after a deletion in this tab: reading it clears it, so a reload shows plain login. */
export function takeAccountDeleted(storage: Pick<Storage, "getItem" | "removeItem">): boolean {
  const set = storage.getItem(ACCOUNT_DELETED_KEY) === "1";
  if (set) storage.removeItem(ACCOUNT_DELETED_KEY);
  return set;
}
