"use client";

import { useEffect, useId, useRef } from "react";
import { labelClasses } from "@/components/ui/label-classes";
import { NativeSelect } from "@/components/ui/native-select";
import { AUDIT_ACTIONS, type AuditAction, type AuditLogView } from "@/lib/admin/types";
import { auditDetailLines, personLabel, type PeopleById } from "./audit-details";
import { formatAction, formatLogTime } from "./format";
import { LocalDate } from "./local-date";

const HEAD = "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground";
// Cells are blocks in a phone's card rows, table cells (top-aligned: details run long) from md;
// some show from md only (hidden). Joined, not merged: one class per property.
const CELL_MD = "md:table-cell md:p-2 md:align-top";
const CELL = `block ${CELL_MD}`;
const MD_CELL = `hidden ${CELL_MD}`;

/** An address that may wrap before its "@" first, so a narrow column does not split a word. */
function BreakableEmail({ text }: { text: string }) {
  const at = text.indexOf("@");
  if (at <= 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

/** The select's value for "no filter". */
const ALL = "all";

/** Filter of the audit log by one action; null means every action. */
export function AuditActionFilter({
  value,
  onChange,
}: {
  value: AuditAction | null;
  onChange: (action: AuditAction | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2 px-1 pt-2 pb-3 sm:flex-row sm:items-center sm:gap-3">
      <label htmlFor={id} data-slot="label" className={labelClasses}>
        Filter by action
      </label>
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

export function AuditLogTable({
  logs,
  people,
  focusId,
  onFocused,
  emptyText = "No audit entries yet.",
}: AuditLogTableProps) {
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
      {/* From md a table; below it each entry is a card row (what happened and when, then who),
          like the users table. The explicit roles keep the table semantics display: block drops. */}
      {/* From md a fixed layout: the header's widths hold, so no column moves with what a row
          holds (an hour's digits, a longer e-mail, a page loaded by "Load more"); shares of the
          width, so Details keeps the most room (an instant on one line at the app's 64rem column);
          narrower than 56rem it scrolls sideways. */}
      <table role="table" className="w-full caption-bottom text-sm md:min-w-[56rem] md:table-fixed">
        <caption className="sr-only">Audit log, newest first</caption>
        <thead role="rowgroup" className="hidden md:table-header-group">
          <tr role="row" className="border-b">
            <th role="columnheader" className={`${HEAD} w-52`}>
              Time
            </th>
            <th role="columnheader" className={`${HEAD} w-[13%]`}>
              Action
            </th>
            <th role="columnheader" className={`${HEAD} w-[23%]`}>
              User
            </th>
            <th role="columnheader" className={`${HEAD} w-[11%]`}>
              IP Address
            </th>
            <th role="columnheader" className={HEAD}>
              Details
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block md:table-row-group">
          {logs.length === 0 && (
            <tr role="row" className="block md:table-row">
              <td role="cell" colSpan={5} className="block py-6 text-center text-muted-foreground md:table-cell">
                {emptyText}
              </td>
            </tr>
          )}
          {logs.map((log) => {
            const lines = auditDetailLines(log.details ?? {}, people, formatLogTime);
            return (
              // tabIndex -1: "Load more" moves focus to the first new row, so reading continues there.
              <tr
                key={log.id}
                role="row"
                data-row-id={log.id}
                tabIndex={-1}
                className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-0.5 border-b px-2 py-2.5 transition-colors last:border-0 hover:bg-muted/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring md:table-row md:p-0"
              >
                {/* A fixed width (on laptops the time's own box), so nothing beside it moves with the hour's digits. */}
                <td
                  role="cell"
                  className={`${CELL} col-start-2 row-start-1 w-[10.5rem] text-right text-xs text-muted-foreground tabular-nums md:w-auto md:text-left md:text-sm md:whitespace-nowrap md:text-foreground md:[&>time]:inline-block md:[&>time]:w-48`}
                >
                  <LocalDate iso={log.timestamp} format={formatLogTime} />
                </td>
                <td role="cell" className={`${CELL} col-start-1 row-start-1 font-medium`}>
                  {formatAction(log.action)}
                </td>
                <td
                  role="cell"
                  className={`${CELL} col-span-2 text-muted-foreground [overflow-wrap:anywhere] md:text-foreground`}
                >
                  {log.userId ? <BreakableEmail text={personLabel(log.userId, people)} /> : "—"}
                </td>
                <td role="cell" className={`${MD_CELL} font-mono text-xs [overflow-wrap:anywhere]`}>
                  {log.ipAddress ?? "—"}
                </td>
                <td role="cell" className={MD_CELL}>
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
                      {JSON.stringify(
                        { userId: log.userId, ipAddress: log.ipAddress, details: log.details ?? {} },
                        null,
                        2,
                      )}
                    </pre>
                  </details>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
