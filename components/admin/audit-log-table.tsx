"use client";

import { useEffect, useId, useRef } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { AUDIT_ACTIONS, type AuditAction, type AuditLogView } from "@/lib/admin/types";
import { auditDetailLines, personLabel, type PeopleById } from "./audit-details";
import { formatAction, formatLogTime } from "./format";
import { LocalDate } from "./local-date";

/** The select's value for "no filter". */
const ALL = "all";

/** Filter of the audit log by one action; null means every action. */
export function AuditActionFilter({ value, onChange }: { value: AuditAction | null; onChange: (action: AuditAction | null) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 px-1 pt-2 pb-3 sm:flex-row sm:items-center sm:gap-3">
      <Label htmlFor={id}>Filter by action</Label>
      <NativeSelect
        id={id}
        value={value ?? ALL}
        onChange={(e) => onChange(e.target.value === ALL ? null : (e.target.value as AuditAction))}
        className="w-full sm:w-64"
      >
        <option value={ALL}>All actions</option>
        {AUDIT_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {formatAction(action)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export interface AuditLogTableProps {
  logs: AuditLogView[];
  /** E-mails of the accounts the entries name, by id (a missing id is a deleted account). */
  people: PeopleById;
  /** Row to move keyboard focus to (the first of a page just loaded); `onFocused` clears it. */
  focusId?: string | null;
  onFocused?: () => void;
  /** Shown when there are no entries (a filter may have none). */
  emptyText?: string;
}

export function AuditLogTable({ logs, people, focusId, onFocused, emptyText = "No audit entries yet." }: AuditLogTableProps) {
  const regionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusId) return;
    regionRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(focusId)}"]`)?.focus();
    onFocused?.();
  }, [focusId, onFocused]);

  return (
    // Its own scroll container instead of <Table>'s: a region that scrolls sideways must be
    // reachable by keyboard, and this table has nothing focusable inside (axe scrollable-region-focusable).
    <div
      ref={regionRef}
      role="region"
      aria-label="Audit log entries"
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-md outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table data-slot="table" className="w-full caption-bottom text-sm">
        <TableCaption className="sr-only">Audit log, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Time</TableHead>
            <TableHead>Action</TableHead>
            <TableHead>User</TableHead>
            <TableHead className="hidden md:table-cell">IP Address</TableHead>
            <TableHead className="hidden md:table-cell">Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {logs.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="py-6 text-center text-muted-foreground">
                {emptyText}
              </TableCell>
            </TableRow>
          )}
          {logs.map((log) => {
            const lines = auditDetailLines(log.details ?? {}, people, formatLogTime);
            return (
              // tabIndex -1: "Load more" moves focus to the first new row, so reading continues there.
              <TableRow key={log.id} data-row-id={log.id} tabIndex={-1} className="align-top focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
                <TableCell className="min-w-24 whitespace-normal">
                  <LocalDate iso={log.timestamp} format={formatLogTime} />
                </TableCell>
                <TableCell className="font-medium whitespace-normal">{formatAction(log.action)}</TableCell>
                <TableCell className="whitespace-normal [overflow-wrap:anywhere]">
                  {log.userId ? personLabel(log.userId, people) : "—"}
                </TableCell>
                <TableCell className="hidden font-mono text-xs md:table-cell">{log.ipAddress ?? "—"}</TableCell>
                <TableCell className="hidden min-w-64 whitespace-normal md:table-cell">
                  {lines.length > 0 && (
                    <ul className="space-y-0.5">
                      {lines.map((line, i) => (
                        <li key={i} className="[overflow-wrap:anywhere]">
                          <span className="text-muted-foreground">{line.label}:</span> {line.value}
                        </li>
                      ))}
                    </ul>
                  )}
                  {/* The entry as stored, for the cases the summary does not cover. */}
                  <details className="mt-1 text-xs">
                    <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                      Raw JSON
                    </summary>
                    <pre className="mt-1 rounded-md bg-muted p-2 font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">
                      {JSON.stringify({ userId: log.userId, ipAddress: log.ipAddress, details: log.details ?? {} }, null, 2)}
                    </pre>
                  </details>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </table>
    </div>
  );
}
