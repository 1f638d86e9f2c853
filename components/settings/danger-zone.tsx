"use client";

import { useMutation } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { api, errorMessage } from "@/lib/api-client";
import { DELETE_REDIRECT_MS } from "@/lib/constants";
import { showToast } from "@/lib/toast";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SectionCard } from "./section-card";

export function DangerZone() {
  const [open, setOpen] = useState(false);
  // Stays true after success: the buttons remain disabled until the browser leaves the page.
  const [deleted, setDeleted] = useState(false);

  const remove = useMutation({
    mutationFn: () => api("/api/user/account", { method: "DELETE" }),
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
      setTimeout(() => window.location.assign("/login"), DELETE_REDIRECT_MS);
    },
    onError: (error) => {
      showToast({
        title: "Deletion failed",
        description: errorMessage(error, "There was a problem deleting your account. Please try again."),
        variant: "destructive",
      });
    },
  });

  const busy = remove.isPending || deleted;

  return (
    <SectionCard
      title="Danger Zone"
      icon={TriangleAlert}
      tone="destructive"
      description="Permanently delete your account and all of your data."
    >
      <Button type="button" variant="destructive" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Delete account
      </Button>
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
    </SectionCard>
  );
}
