"use client";

import { useEffect, useState } from "react";
import { ACCOUNT_DELETED_TEXT, accountRecentlyDeleted } from "@/lib/account-deleted";

/** After Settings deleted the account, the login screen says so (the live region is there from the start). */
export function AccountDeletedNotice() {
  const [deleted, setDeleted] = useState(false);
  useEffect(() => {
    try {
      if (accountRecentlyDeleted(window.sessionStorage)) setDeleted(true);
    } catch {
      // Storage blocked: plain login.
    }
  }, []);
  return (
    <div role="status" className="empty:hidden">
      {deleted && (
        <p className="rounded-lg border border-success/40 bg-success-subtle px-4 py-3 text-center text-sm font-medium text-success">
          {ACCOUNT_DELETED_TEXT}
        </p>
      )}
    </div>
  );
}
