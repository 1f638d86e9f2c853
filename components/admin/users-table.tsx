"use client";

import { BellOff, BellRing, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AdminUserView } from "@/lib/admin/types";
import { displayName } from "./format";
import { HintTooltip } from "./hint-tooltip";
import { LocalDate } from "./local-date";

export interface UsersTableProps {
  users: AdminUserView[];
  /** Id of the user whose pause toggle is running, if any. */
  togglingId: string | null;
  deleting: boolean;
  onTogglePause: (user: AdminUserView) => void;
  /** Resolves once the deletion has finished (either way); the dialog stays open until then. */
  onDelete: (user: AdminUserView) => Promise<unknown>;
  /** Row to move keyboard focus to (the first of a page just loaded); `onFocused` clears it. */
  focusId?: string | null;
  onFocused?: () => void;
}

/** Spec section 5: the confirmation names the user by e-mail, or by id when there is none. */
export function deleteConfirmText(user: Pick<AdminUserView, "email" | "id">) {
  return `Are you sure you want to delete user ${user.email || user.id}? This action cannot be undone.`;
}

export function UsersTable({ users, togglingId, deleting, onTogglePause, onDelete, focusId, onFocused }: UsersTableProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusId) return;
    wrapperRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(focusId)}"]`)?.focus();
    onFocused?.();
  }, [focusId, onFocused]);

  // The user stays set while the dialog animates closed, so its text does not blank out.
  const [target, setTarget] = useState<AdminUserView | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const askDelete = (user: AdminUserView) => {
    setTarget(user);
    setConfirmOpen(true);
  };

  return (
    <div ref={wrapperRef}>
      <Table>
        <TableCaption className="sr-only">Registered users, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Email</TableHead>
            <TableHead>Name</TableHead>
            <TableHead className="hidden md:table-cell">Timezone</TableHead>
            <TableHead className="hidden md:table-cell">Created</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
                No users yet.
              </TableCell>
            </TableRow>
          )}
          {users.map((user) => {
            const who = user.email || user.id;
            const toggleLabel = user.pauseEmails ? "Enable emails" : "Pause emails";
            const ToggleIcon = user.pauseEmails ? BellRing : BellOff;
            return (
              // tabIndex -1: "Load more" moves focus to the first new row, so reading continues there.
              <TableRow key={user.id} data-row-id={user.id} tabIndex={-1} className="focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
                <TableCell className="max-w-36 truncate font-medium sm:max-w-56" title={user.email || undefined}>
                  {user.email || "N/A"}
                </TableCell>
                <TableCell>{displayName(user)}</TableCell>
                <TableCell className="hidden md:table-cell">{user.timezone || "UTC"}</TableCell>
                <TableCell className="hidden md:table-cell">
                  <LocalDate iso={user.createdAt} />
                </TableCell>
                <TableCell>
                  <Badge variant={user.pauseEmails ? "secondary" : "success"}>{user.pauseEmails ? "Paused" : "Active"}</Badge>
                </TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <HintTooltip label={toggleLabel}>
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`${toggleLabel} for ${who}`}
                        disabled={togglingId === user.id}
                        onClick={() => onTogglePause(user)}
                      >
                        <ToggleIcon aria-hidden="true" />
                      </Button>
                    </HintTooltip>
                    <HintTooltip label="Delete user">
                      <Button
                        type="button"
                        variant="ghost"
                        size="icon-sm"
                        className="text-destructive hover:bg-destructive-subtle hover:text-destructive"
                        aria-label={`Delete ${who}`}
                        onClick={() => askDelete(user)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </HintTooltip>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => !open && !deleting && setConfirmOpen(false)}
        title="Delete user"
        description={target ? deleteConfirmText(target) : ""}
        confirmLabel={deleting ? "Deleting..." : "Delete"}
        confirmVariant="destructive"
        busy={deleting}
        onConfirm={() => {
          // Stay open while the call runs; close once it has an answer (the toast says which).
          if (!target || deleting) return;
          void onDelete(target).finally(() => setConfirmOpen(false));
        }}
      />
    </div>
  );
}
