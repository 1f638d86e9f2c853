"use client";

import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { readAuditPeople } from "@/lib/actions/read-audit-people";
import { api, unwrap } from "@/components/providers/api-client";
import type { AdminLogs, AuditAction, AuditLogView } from "@/lib/admin/types";
import { auditPeopleIds, type PeopleById } from "./audit-details";
import { AuditActionFilter, AuditLogTable } from "./audit-log-table";
import { retryButton, tabCard, tabCardContent } from "./console-classes";
import { ADMIN_LOGS_QUERY_KEY, isLocked } from "./console-query";
import { LoadMoreFooter } from "./load-more";
import { useLoadMore } from "./use-load-more";

function logsUrl(action: AuditAction | null, cursor?: string) {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  if (action) query.set("action", action);
  const q = query.toString();
  return q ? `/api/admin/logs?${q}` : "/api/admin/logs";
}

const logTime = (l: AuditLogView) => Date.parse(l.timestamp);

export interface AuditLogs {
  action: AuditAction | null;
  setAction: (action: AuditAction | null) => void;
  people: PeopleById;
  /** The newest page for the chosen action. */
  logs: UseQueryResult<AdminLogs>;
  /** A page of entries, with the e-mails of the accounts it names looked up before it shows. */
  fetchLogs: (url: string) => Promise<AdminLogs>;
}

/**
 * The Audit Logs tab's filter, names and newest page. Called by the console rather than the tab:
 * only the open tab is mounted, the filter and the last page shown outlive a visit, and a 401 here
 * sends the whole console to unlock.
 */
export function useAuditLogs({
  csrfToken,
  open,
  onTotal,
}: {
  csrfToken: string;
  /** The tab is open (and the console not leaving): only then are the logs fetched. */
  open: boolean;
  /** The audit log's size, as each fetch finds it (the Audit Events card). */
  onTotal: (total: number) => void;
}): AuditLogs {
  const [action, setAction] = useState<AuditAction | null>(null);
  // E-mails of the accounts the loaded entries name (GET /api/admin/logs answers with ids).
  const [people, setPeople] = useState<PeopleById>({});

  async function fetchLogs(url: string): Promise<AdminLogs> {
    const page = await api<AdminLogs>(url);
    const found = await unwrap(readAuditPeople({ ids: auditPeopleIds(page.logs), csrfToken }));
    setPeople((known) => ({ ...known, ...found.people }));
    onTotal(found.total);
    return page;
  }

  // Audit logs: only while their tab is open, never cached.
  const logs = useQuery({
    queryKey: [...ADMIN_LOGS_QUERY_KEY, action ?? "all"],
    queryFn: () => fetchLogs(logsUrl(action)),
    enabled: open,
    gcTime: 0,
    staleTime: 0,
    retry: (count, error) => !isLocked(error) && count < 1,
  });

  return { action, setAction, people, logs, fetchLogs };
}

export interface LogsTabProps {
  audit: AuditLogs;
  /** The console's grant has ended: the console is on its way to unlock, so no error shows here. */
  locked: boolean;
  onError: (error: unknown) => void;
}

/**
 * The Audit Logs tab: the log, newest first, filtered by action. Mounted anew at each visit, so
 * each visit starts again from the newest page (logs are not cached).
 */
export function LogsTab({ audit, locked, onError }: LogsTabProps) {
  const { action, setAction, people, logs, fetchLogs } = audit;
  const first = useMemo(() => logs.data && { items: logs.data.logs, nextCursor: logs.data.nextCursor }, [logs.data]);
  const list = useLoadMore<AuditLogView>({
    first,
    resetKey: action ?? "all",
    timeOf: logTime,
    fetchPage: async (cursor) => {
      const page = await fetchLogs(logsUrl(action, cursor));
      return { items: page.logs, nextCursor: page.nextCursor };
    },
    onError,
  });

  return (
    <div data-slot="card" className={tabCard}>
      <div data-slot="card-content" className={tabCardContent}>
        <AuditActionFilter value={action} onChange={setAction} />
        {logs.data ? (
          <>
            <AuditLogTable
              logs={list.items}
              people={people}
              focusId={list.focusId}
              onFocused={list.focused}
              emptyText={action ? "No entries for this action." : "No audit entries yet."}
            />
            {list.items.length > 0 && (
              <LoadMoreFooter
                what="audit entries"
                summary={
                  list.hasMore
                    ? `Showing the ${list.items.length} newest entries`
                    : `Showing all ${list.items.length} entries`
                }
                hasMore={list.hasMore}
                loading={list.loading}
                failed={list.failed}
                onLoadMore={() => void list.loadMore()}
              />
            )}
          </>
        ) : logs.isError && !locked ? (
          <div role="alert" className="space-y-2 p-4 text-sm text-destructive">
            <p>Error loading audit logs. Please try again.</p>
            <button type="button" data-slot="button" className={retryButton} onClick={() => void logs.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <p role="status" className="p-4 text-sm text-muted-foreground">
            Loading audit logs...
          </p>
        )}
      </div>
    </div>
  );
}
