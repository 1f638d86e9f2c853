"use client";

import { BellOff, BellRing, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { badgeVariants, buttonVariants } from "@/components/ui/classes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
  /** The signed-in owner's own account: its row's actions are disabled, with the reason shown. */
  selfId: string;
  /** Row to move keyboard focus to (the first of a page just loaded); `onFocused` clears it. */
  focusId?: string | null;
  onFocused?: () => void;
}

/** Spec section 5: the confirmation names the user by e-mail, or by id when there is none. */
export function deleteConfirmText(user: Pick<AdminUserView, "email" | "id">) {
  return `Are you sure you want to delete user ${user.email || user.id}? This action cannot be undone.`;
}

/**
 * A user's status in the console: "Not set up" until onboarding is finished (no reminders go out,
 * paused or not: issue 33), then "Paused" or "Active" (spec).
 */
function statusOf(user: Pick<AdminUserView, "onboarded" | "pauseEmails">): {
  label: "Not set up" | "Paused" | "Active";
  variant: "outline" | "secondary" | "success";
} {
  if (!user.onboarded) return { label: "Not set up", variant: "outline" };
  return user.pauseEmails ? { label: "Paused", variant: "secondary" } : { label: "Active", variant: "success" };
}

// Class lists are joined, not merged (no tailwind-merge in the console's client code): each list
// holds one class per property.
const HEAD_BASE = "h-10 px-2 align-middle font-medium whitespace-nowrap text-foreground";
const HEAD = `${HEAD_BASE} text-left`;
// Cells are blocks in a phone's card rows, table cells from md; some show from md only (hidden).
const CELL_MD = "md:table-cell md:p-2 md:align-middle";
const CELL = `block ${CELL_MD}`;
const MD_CELL = `hidden ${CELL_MD}`;
// An icon and a visible text label at every width (an icon alone left the owner guessing between
// the bells); the spec's tooltip still names the pause toggle from md.
const ACTION_SIZE = "h-9 px-2.5";
/** An action button's visible label. */
const ACTION_LABEL = "text-xs";
const iconButton = buttonVariants({ variant: "ghost", size: null, className: ACTION_SIZE });
// The ghost variant's hover colours are replaced by the destructive ones.
const deleteButton = buttonVariants({
  variant: null,
  size: null,
  className: `${ACTION_SIZE} text-destructive hover:bg-destructive-subtle hover:text-destructive`,
});
/** A field's name, shown in a phone's card row only (the table's header names it from md). */
const PHONE_LABEL = "mr-1 text-muted-foreground md:hidden";

export function UsersTable({
  users,
  selfId,
  togglingId,
  deleting,
  onTogglePause,
  onDelete,
  focusId,
  onFocused,
}: UsersTableProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const idBase = useId();
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

  const anyName = users.some((u) => displayName(u));
  return (
    <div ref={wrapperRef}>
      {/* One table for every width: from md a table that fits its card (the e-mail wraps, nothing
          scrolls sideways); below it each row is a card of the spec's small-screen columns. The
          explicit roles keep the table semantics that display: block would drop. */}
      <table role="table" className="w-full caption-bottom text-sm">
        <caption className="sr-only">Registered users, newest first</caption>
        <thead role="rowgroup" className="hidden md:table-header-group">
          <tr role="row" className="border-b">
            <th role="columnheader" className={HEAD}>
              Email
            </th>
            {/* Only while some user has a name: an empty column on every row said nothing. */}
            {anyName && (
              <th role="columnheader" className={HEAD}>
                Name
              </th>
            )}
            <th role="columnheader" className={HEAD}>
              Timezone
            </th>
            <th role="columnheader" className={HEAD}>
              Created
            </th>
            <th role="columnheader" className={HEAD}>
              Status
            </th>
            <th role="columnheader" className={`${HEAD_BASE} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block md:table-row-group">
          {users.length === 0 && (
            <tr role="row" className="block md:table-row">
              <td
                role="cell"
                colSpan={anyName ? 6 : 5}
                className="block p-6 text-center text-muted-foreground md:table-cell"
              >
                No users yet.
              </td>
            </tr>
          )}
          {users.map((user) => {
            const who = user.email || user.id;
            const toggleLabel = user.pauseEmails ? "Enable emails" : "Pause emails";
            const status = statusOf(user);
            const ToggleIcon = user.pauseEmails ? BellRing : BellOff;
            const self = user.id === selfId;
            const reasonId = `${idBase}-self`;
            const name = displayName(user);
            return (
              // tabIndex -1: "Load more" moves focus to the first new row, so reading continues there.
              <tr
                key={user.id}
                role="row"
                data-row-id={user.id}
                tabIndex={-1}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 border-b px-2 py-3 transition-colors last:border-0 hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring md:table-row md:p-0"
              >
                <td role="cell" className={`${CELL} col-start-1 font-medium [overflow-wrap:anywhere]`}>
                  {user.email || "N/A"}
                </td>
                {anyName && (
                  <td role="cell" className={`${CELL} col-start-1`}>
                    {/* No name given: nothing, rather than the same placeholder on every row. */}
                    {name && (
                      <>
                        <span className={PHONE_LABEL}>Name </span>
                        <span>{name}</span>
                      </>
                    )}
                  </td>
                )}
                <td role="cell" className={MD_CELL}>
                  {user.timezone || "UTC"}
                </td>
                {/* A fixed-width box: the table's columns do not move with the hour's or the day's digits. */}
                <td
                  role="cell"
                  className={`${MD_CELL} whitespace-nowrap tabular-nums md:[&>time]:inline-block md:[&>time]:w-44`}
                >
                  <LocalDate iso={user.createdAt} />
                </td>
                <td role="cell" className={`${CELL} col-start-1`}>
                  <span className={PHONE_LABEL}>Status </span>
                  <span data-slot="badge" className={badgeVariants({ variant: status.variant })}>
                    {status.label}
                  </span>
                </td>
                <td role="cell" className={`${CELL} col-span-2 col-start-1 pt-1 md:text-right`}>
                  <div className="flex flex-col items-start gap-1 md:items-end">
                    <div className="-ml-2.5 flex gap-1 md:ml-0 md:justify-end">
                      {self ? (
                        // The console cannot pause or delete the owner's own account (the server
                        // refuses the deletion): say so instead of failing after a confirmation.
                        <>
                          <button
                            type="button"
                            data-slot="button"
                            className={iconButton}
                            disabled
                            aria-label={`${toggleLabel} for ${who}`}
                            aria-describedby={`${reasonId}-pause`}
                          >
                            <ToggleIcon aria-hidden="true" />
                            <span className={ACTION_LABEL}>{toggleLabel}</span>
                          </button>
                          <span id={`${reasonId}-pause`} hidden>
                            You can&apos;t pause the owner&apos;s account
                          </span>
                          <button
                            type="button"
                            data-slot="button"
                            className={`${iconButton} text-destructive`}
                            disabled
                            aria-label={`Delete ${who}`}
                            aria-describedby={reasonId}
                          >
                            <Trash2 aria-hidden="true" />
                            <span className={ACTION_LABEL}>Delete</span>
                          </button>
                        </>
                      ) : (
                        <>
                          <HintTooltip label={toggleLabel}>
                            <button
                              type="button"
                              data-slot="button"
                              className={iconButton}
                              aria-label={`${toggleLabel} for ${who}`}
                              disabled={togglingId === user.id}
                              onClick={() => onTogglePause(user)}
                            >
                              <ToggleIcon aria-hidden="true" />
                              <span className={ACTION_LABEL}>{toggleLabel}</span>
                            </button>
                          </HintTooltip>
                          <HintTooltip label="Delete user">
                            <button
                              type="button"
                              data-slot="button"
                              className={deleteButton}
                              aria-label={`Delete ${who}`}
                              onClick={() => askDelete(user)}
                            >
                              <Trash2 aria-hidden="true" />
                              <span className={ACTION_LABEL}>Delete</span>
                            </button>
                          </HintTooltip>
                        </>
                      )}
                    </div>
                    {self && (
                      <p id={reasonId} className="text-xs text-muted-foreground md:max-w-32 md:text-right">
                        You can&apos;t delete the owner&apos;s account
                      </p>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={(open) => !open && !deleting && setConfirmOpen(false)}
        title="Delete User"
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
