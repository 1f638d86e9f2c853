"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { alertClasses } from "@/components/ui/field-classes";
import { buttonVariants, cardClasses } from "@/components/ui/classes";
import { deleteUser } from "@/lib/actions/delete-user";
import { lockConsole } from "@/lib/actions/lock-console";
import { readAuditPeople } from "@/lib/actions/read-audit-people";
import { toggleUserPause } from "@/lib/actions/toggle-user-pause";
import { unwrap } from "@/lib/actions/types";
import {
  type AdminData,
  type AdminLogs,
  type AdminUserView,
  type AuditAction,
  type AuditLogView,
} from "@/lib/admin/types";
import { api, ApiError } from "@/lib/api-client";
import { ADMIN_POLL_MS } from "@/lib/constants";
import { showToast } from "@/lib/toast";
import { auditPeopleIds, type PeopleById } from "./audit-details";
import { AuditActionFilter, AuditLogTable } from "./audit-log-table";
import { ConsoleTabs } from "./console-tabs";
import { LoadMoreFooter } from "./load-more";
import { useLoadMore } from "./use-load-more";
import { UsersTable } from "./users-table";

export const ADMIN_QUERY_KEY = ["admin"] as const;
export const ADMIN_LOGS_QUERY_KEY = ["admin", "logs"] as const;

type Tab = "users" | "logs";

const isLocked = (error: unknown) => error instanceof ApiError && error.status === 401;

function logsUrl(action: AuditAction | null, cursor?: string) {
  const query = new URLSearchParams();
  if (cursor) query.set("cursor", cursor);
  if (action) query.set("action", action);
  const q = query.toString();
  return q ? `/api/admin/logs?${q}` : "/api/admin/logs";
}

// Native elements with the ui primitives' class strings, the replaced spacing left out: the
// console's client code then needs no tailwind-merge (whose set-up on first use costs some 50 ms of
// a phone's CPU during hydration) nor Radix.
const outlineButton = buttonVariants({ variant: "outline" });
const retryButton = buttonVariants({ variant: "outline", className: "text-foreground" });
const tabCard = `${cardClasses.root.replace(" py-6", "")} py-2`;
const tabCardContent = "px-1 sm:px-4";
const statCard = `${cardClasses.root.replace("gap-6 ", "").replace(" py-6", "")} gap-1 py-3 sm:py-4`;
const statCardHeader = `${cardClasses.header.replace(" px-6", "")} px-3 sm:px-4`;
const statCardContent = "px-3 sm:px-4";

const userTime = (u: AdminUserView) => Date.parse(u.createdAt);
const logTime = (l: AuditLogView) => Date.parse(l.timestamp);

/** Spec section 8: a refusal that mentions the admin account is the protected-account case. */
function isProtectedAccountError(error: unknown) {
  const text = error instanceof ApiError ? `${error.serverMessage ?? ""} ${error.message}` : String(error);
  return /admin account/i.test(text);
}

export interface AdminConsoleProps {
  initial: AdminData;
  /** The signed-in owner's own user id: that row's actions are disabled. */
  selfId: string;
  /** Entries in the audit log when the page was rendered (the Audit Events card). */
  auditEvents: number;
}

export function AdminConsole({ initial, selfId, auditEvents: initialAuditEvents }: AdminConsoleProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("users");
  const [action, setAction] = useState<AuditAction | null>(null);
  // Counts visits to the Logs tab: each visit starts again from the newest page (logs are not cached).
  const [logsVisit, setLogsVisit] = useState(0);
  // Set while leaving (console logout): no more polling, and a 401 no longer means "go unlock".
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  // The audit log's size: from the server page, then from each logs fetch, plus this console's own actions.
  const [auditEvents, setAuditEvents] = useState(initialAuditEvents);
  // E-mails of the accounts the loaded entries name (GET /api/admin/logs answers with ids).
  const [people, setPeople] = useState<PeopleById>({});

  // Spec section 4: every 30 s and on window focus, no retry; the server-rendered data comes first.
  const admin = useQuery({
    queryKey: ADMIN_QUERY_KEY,
    queryFn: () => api<AdminData>("/api/admin"),
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchInterval: ADMIN_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
    enabled: !leaving,
  });

  const csrfToken = admin.data.csrfToken;

  /** A page of entries, with the e-mails of the accounts it names looked up before it shows. */
  async function fetchLogs(url: string): Promise<AdminLogs> {
    const page = await api<AdminLogs>(url);
    const found = await unwrap(readAuditPeople({ ids: auditPeopleIds(page.logs), csrfToken }));
    setPeople((known) => ({ ...known, ...found.people }));
    setAuditEvents(found.total);
    return page;
  }

  // Audit logs: only while their tab is open, never cached.
  const logs = useQuery({
    queryKey: [...ADMIN_LOGS_QUERY_KEY, action ?? "all"],
    queryFn: () => fetchLogs(logsUrl(action)),
    enabled: tab === "logs" && !leaving,
    gcTime: 0,
    staleTime: 0,
    retry: (count, error) => !isLocked(error) && count < 1,
  });

  const goUnlockIfLocked = useCallback(
    (error: unknown) => {
      if (isLocked(error) && !leavingRef.current) router.replace("/owner-unlock");
    },
    [router],
  );

  // "Load more": only the first page is polled; later pages stay as loaded (see paging.ts).
  const usersFirst = useMemo(() => ({ items: admin.data.users, nextCursor: admin.data.nextCursor }), [admin.data]);
  const userList = useLoadMore<AdminUserView>({
    first: usersFirst,
    resetKey: "users",
    timeOf: userTime,
    fetchPage: async (cursor) => {
      const page = await api<AdminData>(`/api/admin?cursor=${encodeURIComponent(cursor)}`);
      return { items: page.users, nextCursor: page.nextCursor };
    },
    onError: goUnlockIfLocked,
  });
  const logsFirst = useMemo(() => logs.data && { items: logs.data.logs, nextCursor: logs.data.nextCursor }, [logs.data]);
  const logList = useLoadMore<AuditLogView>({
    first: logsFirst,
    resetKey: `${action ?? "all"}:${logsVisit}`,
    timeOf: logTime,
    fetchPage: async (cursor) => {
      const page = await fetchLogs(logsUrl(action, cursor));
      return { items: page.logs, nextCursor: page.nextCursor };
    },
    onError: goUnlockIfLocked,
  });

  // Set once the console logout call succeeded; its toast is shown when the console leaves the
  // screen, so it is still visible on the dashboard however long the navigation takes.
  const loggedOutRef = useRef(false);
  useEffect(
    () => () => {
      // The next visit starts from its own server-rendered data (and the grant's current CSRF token).
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      if (loggedOutRef.current) {
        loggedOutRef.current = false;
        showToast({ title: "Logged out", description: "You have been logged out of the admin console.", variant: "success" });
      }
    },
    [queryClient],
  );

  const locked = isLocked(admin.error) || isLocked(logs.error);
  useEffect(() => {
    if (locked && !leavingRef.current) router.replace("/owner-unlock");
  }, [locked, router]);

  function onActionError(error: unknown) {
    if (isLocked(error)) router.replace("/owner-unlock");
    // A refused token (e.g. access was renewed elsewhere) is replaced by the next load.
    void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY, exact: true });
  }

  const toggle = useMutation({
    mutationFn: (user: AdminUserView) => unwrap(toggleUserPause({ id: user.id, csrfToken })),
    onSuccess: (result, user) => {
      const flip = (u: AdminUserView) => (u.id === user.id ? { ...u, pauseEmails: result.pauseEmails } : u);
      const change = user.pauseEmails === result.pauseEmails ? 0 : result.pauseEmails ? -1 : 1;
      queryClient.setQueryData<AdminData>(
        ADMIN_QUERY_KEY,
        (old) => old && { ...old, activeUsers: Math.max(0, old.activeUsers + change), users: old.users.map(flip) },
      );
      userList.patch(flip);
      setAuditEvents((n) => n + 1);
      showToast({
        title: "User Updated",
        description: result.pauseEmails ? "User emails have been paused." : "User emails have been enabled.",
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      showToast({ title: "Error", description: "Failed to update user status.", variant: "destructive" });
      onActionError(error);
    },
  });

  const remove = useMutation({
    mutationFn: (user: AdminUserView) => unwrap(deleteUser({ id: user.id, csrfToken })),
    onSuccess: (_result, user) => {
      queryClient.setQueryData<AdminData>(
        ADMIN_QUERY_KEY,
        (old) =>
          old && {
            ...old,
            totalUsers: Math.max(0, old.totalUsers - 1),
            activeUsers: Math.max(0, old.activeUsers - (user.pauseEmails ? 0 : 1)),
            users: old.users.filter((u) => u.id !== user.id),
          },
      );
      userList.patch((u) => (u.id === user.id ? null : u));
      setAuditEvents((n) => n + 1);
      showToast({ title: "User Deleted", description: "User has been permanently deleted.", variant: "success" });
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => {
      if (isProtectedAccountError(error)) {
        showToast({
          title: "Protected Account",
          description: "The admin account cannot be deleted under any circumstances.",
          variant: "destructive",
        });
      } else {
        showToast({ title: "Error", description: "Failed to delete user.", variant: "destructive" });
      }
      onActionError(error);
    },
  });

  async function logOut() {
    leavingRef.current = true;
    setLeaving(true);
    await queryClient.cancelQueries({ queryKey: ADMIN_QUERY_KEY });
    try {
      // Without the grant's CSRF token the server keeps the console unlocked.
      const logout = (token: string) => unwrap(lockConsole(token));
      try {
        await logout(csrfToken);
      } catch (error) {
        // 403: the token was renewed meanwhile (unlocked again in this session); once more with the current one.
        if (!(error instanceof ApiError && error.status === 403)) throw error;
        await logout((await api<AdminData>("/api/admin")).csrfToken);
      }
      loggedOutRef.current = true;
    } catch (error) {
      console.error("Admin logout failed", error);
    }
    router.push("/dashboard");
  }

  const { totalUsers, activeUsers } = admin.data;
  const users = userList.items;
  // With server-rendered data the console is never empty; the error state covers a failed first
  // load (no data yet) the spec describes, and a refetch that fails for another reason than a lock.
  const loadFailed = admin.isError && !locked;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">Owner Console</h1>
          <p className="text-muted-foreground">Manage users and review the audit log.</p>
        </div>
        <button type="button" data-slot="button" className={outlineButton} onClick={() => void logOut()} disabled={leaving}>
          <LogOut aria-hidden="true" />
          Log Out
        </button>
      </div>

      {loadFailed && (
        <div data-slot="alert" role="alert" className={alertClasses.destructive}>
          <div data-slot="alert-title" className={alertClasses.title}>
            Error loading dashboard data. Please try again.
          </div>
          <div data-slot="alert-description" className={alertClasses.description}>
            <button type="button" data-slot="button" className={`${retryButton} mt-2`} onClick={() => void admin.refetch()} disabled={admin.isFetching}>
              Retry
            </button>
          </div>
        </div>
      )}

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard title="Total Users" value={totalUsers} subtitle="Registered accounts" />
        <StatCard title="Active Users" value={activeUsers} subtitle="Receiving emails" />
        <StatCard title="Audit Events" value={auditEvents} subtitle="Admin actions logged" />
      </div>

      <ConsoleTabs<Tab>
        aria-label="Console sections"
        value={tab}
        onValueChange={(v) => {
          if (v === "logs" && tab !== "logs") setLogsVisit((n) => n + 1);
          setTab(v);
        }}
        tabs={[
          {
            value: "users",
            label: "Users",
            content: (
              <div data-slot="card" className={tabCard}>
                <div data-slot="card-content" className={tabCardContent}>
                  <UsersTable
                    users={users}
                    selfId={selfId}
                    togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
                    deleting={remove.isPending}
                    onTogglePause={(user) => toggle.mutate(user)}
                    onDelete={(user) => remove.mutateAsync(user).catch(() => undefined)}
                    focusId={userList.focusId}
                    onFocused={userList.focused}
                  />
                  <LoadMoreFooter
                    what="users"
                    summary={`Showing ${users.length} of ${Math.max(totalUsers, users.length)} users`}
                    hasMore={userList.hasMore}
                    loading={userList.loading}
                    failed={userList.failed}
                    onLoadMore={() => void userList.loadMore()}
                  />
                </div>
              </div>
            ),
          },
          {
            value: "logs",
            label: "Audit Logs",
            content: (
              <div data-slot="card" className={tabCard}>
                <div data-slot="card-content" className={tabCardContent}>
                  <AuditActionFilter value={action} onChange={setAction} />
                  {logs.data ? (
                    <>
                      <AuditLogTable
                        logs={logList.items}
                        people={people}
                        focusId={logList.focusId}
                        onFocused={logList.focused}
                        emptyText={action ? "No entries for this action." : "No audit entries yet."}
                      />
                      {logList.items.length > 0 && (
                        <LoadMoreFooter
                          what="audit entries"
                          summary={
                            logList.hasMore
                              ? `Showing the ${logList.items.length} newest entries`
                              : `Showing all ${logList.items.length} entries`
                          }
                          hasMore={logList.hasMore}
                          loading={logList.loading}
                          failed={logList.failed}
                          onLoadMore={() => void logList.loadMore()}
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
            ),
          },
        ]}
      />
    </div>
  );
}

function StatCard({ title, value, subtitle }: { title: string; value: number; subtitle: string }) {
  return (
    <div data-slot="card" className={statCard}>
      <div data-slot="card-header" className={statCardHeader}>
        <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</h2>
      </div>
      <div data-slot="card-content" className={statCardContent}>
        <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
        <p className="text-xs text-muted-foreground">{subtitle}</p>
      </div>
    </div>
  );
}
