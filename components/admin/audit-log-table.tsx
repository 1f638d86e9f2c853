"use client";

import { TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { AuditLogView } from "@/lib/admin/types";
import { formatAction } from "./format";
import { LocalDate } from "./local-date";

export function AuditLogTable({ logs }: { logs: AuditLogView[] }) {
  return (
    // Its own scroll container instead of <Table>'s: a region that scrolls sideways must be
    // reachable by keyboard, and this table has nothing focusable inside (axe scrollable-region-focusable).
    <div
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
                No audit entries yet.
              </TableCell>
            </TableRow>
          )}
          {logs.map((log) => {
            const details = JSON.stringify(log.details ?? {});
            return (
              <TableRow key={log.id}>
                <TableCell>
                  <LocalDate iso={log.timestamp} />
                </TableCell>
                <TableCell className="font-medium">{formatAction(log.action)}</TableCell>
                <TableCell className="max-w-32 truncate font-mono text-xs" title={log.userId ?? undefined}>
                  {log.userId ?? "—"}
                </TableCell>
                <TableCell className="hidden font-mono text-xs md:table-cell">{log.ipAddress ?? "—"}</TableCell>
                <TableCell className="hidden min-w-60 font-mono text-xs break-all whitespace-normal md:table-cell">
                  {details}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </table>
    </div>
  );
}
