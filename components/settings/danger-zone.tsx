"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { buttonVariants } from "@/components/ui/classes";
import { rememberAccountDeleted } from "@/components/auth/account-deleted";
import { deleteAccount } from "@/lib/actions/delete-account";
import { unwrap } from "@/components/providers/api-client";
import { DELETE_REDIRECT_MS } from "@/components/constants";
import { showToast } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { loadPage } from "@/components/shell/load-page";

/** The Danger Zone's button and its confirmation (its card is drawn by the page, on the server). */
export function DangerZoneButton() {
  const [open, setOpen] = useState(false);
  // Stays true after success: the buttons remain disabled until the browser leaves the page.
  const [deleted, setDeleted] = useState(false);

  const remove = useMutation({
    mutationFn: () => unwrap(deleteAccount()),
    onMutate: () => {
      showToast({ title: "Deleting account..." });
    },
    onSuccess: () => {
      setDeleted(true);
      showToast({
        title: "Account deleted successfully",
        description: "Your account and all data have been permanently deleted.",
        variant: "success",
      });
      try {
        rememberAccountDeleted(window.sessionStorage); // the login screen confirms it
      } catch {
        // Storage blocked: the toast above has said it.
      }
      setTimeout(() => loadPage("/login"), DELETE_REDIRECT_MS);
    },
    onError: () => {
      // Spec section 8: the one description, whatever the cause.
      showToast({
        title: "Deletion failed",
        description: "There was a problem deleting your account. Please try again.",
        variant: "destructive",
      });
    },
  });

  const busy = remove.isPending || deleted;

  return (
    <>
      <button
        type="button"
        data-slot="button"
        // Outlined: the screen's one filled button is Save; the dialog's confirmation is the filled red one.
        className={buttonVariants({ variant: "destructive-outline" })}
        onClick={() => setOpen(true)}
      >
        Delete Account
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        title="Are you absolutely sure?"
        description="This action cannot be undone. This will permanently delete your account and all of your data."
        confirmLabel={busy ? "Deleting..." : "Yes, delete my account"}
        confirmVariant="destructive"
        busy={busy}
        // Stays open while deleting; it shows the progress and the failure.
        onConfirm={() => !busy && remove.mutate()}
      />
    </>
  );
}
