"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { alertClasses } from "@/components/ui/field-classes";
import { lockConsole } from "@/lib/actions/lock-console";
import { api, ApiError, unwrap } from "@/components/providers/api-client";
import type { AdminData } from "@/lib/admin/types";
import { ADMIN_POLL_MS } from "@/components/constants";
import { showToast } from "@/components/ui/toast";
import { outlineButton, retryButton, statCard, statCardContent, statCardHeader } from "./console-classes";
import { ADMIN_QUERY_KEY, isLocked } from "./console-query";
import { ConsoleTabs } from "./console-tabs";
import { LogsTab, useAuditLogs } from "./logs-tab";
import { UsersTab, useUserList } from "./users-tab";

type Tab = "users" | "logs";

/** Ends the console's grant; false when that failed (the owner still leaves the console). */
async function lockGrant(csrfToken: string): Promise<boolean> {
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
    return true;
  } catch (error) {
    console.error("Admin logout failed", error);
    return false;
  }
}

export interface AdminConsoleProps {
  initial: AdminData;
  /** The signed-in owner's own user id: that row's actions are disabled. */
  selfId: string;
  /** Entries in the audit log when the page was rendered (the Audit Events card). */
  auditEvents: number;
}

/** The owner console: its header, the stat cards and the Users and Audit Logs tabs. */
export function AdminConsole({ initial, selfId, auditEvents: initialAuditEvents }: AdminConsoleProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("users");
  // Set while leaving (console logout): no more polling, and a 401 no longer means "go unlock".
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  // The audit log's size: from the server page, then from each logs fetch, plus this console's own actions.
  const [auditEvents, setAuditEvents] = useState(initialAuditEvents);

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
  const audit = useAuditLogs({ csrfToken, open: tab === "logs" && !leaving, onTotal: setAuditEvents });

  const goUnlockIfLocked = useCallback(
    (error: unknown) => {
      if (isLocked(error) && !leavingRef.current) router.replace("/owner-unlock");
    },
    [router],
  );
  const userList = useUserList(admin.data, goUnlockIfLocked);

  // Set once the console logout call succeeded; its toast is shown when the console leaves the
  // screen, so it is still visible on the dashboard however long the navigation takes.
  const loggedOutRef = useRef(false);
  useEffect(
    () => () => {
      // The next visit starts from its own server-rendered data (and the grant's current CSRF token).
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      if (loggedOutRef.current) {
        loggedOutRef.current = false;
        showToast({
          title: "Logged out",
          description: "You have been logged out of the admin console.",
          variant: "success",
        });
      }
    },
    [queryClient],
  );

  const locked = isLocked(admin.error) || isLocked(audit.logs.error);
  useEffect(() => {
    if (locked && !leavingRef.current) router.replace("/owner-unlock");
  }, [locked, router]);

  async function logOut() {
    leavingRef.current = true;
    setLeaving(true);
    await queryClient.cancelQueries({ queryKey: ADMIN_QUERY_KEY });
    if (await lockGrant(csrfToken)) loggedOutRef.current = true;
    router.push("/dashboard");
  }

  const { totalUsers, activeUsers } = admin.data;
  // With server-rendered data the console is never empty; the error state covers a failed first
  // load (no data yet) the spec describes, and a refetch that fails for another reason than a lock.
  const loadFailed = admin.isError && !locked;

  return (
    <div className="space-y-6">
      <ConsoleHeader onLogOut={() => void logOut()} leaving={leaving} />

      {loadFailed && <LoadFailedAlert onRetry={() => void admin.refetch()} retrying={admin.isFetching} />}

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard title="Total Users" value={totalUsers} subtitle="Registered accounts" />
        <StatCard title="Active Users" value={activeUsers} subtitle="Receiving emails" />
        {/* Counts every audit entry (sign-ins and code requests too), not only the admin's actions. */}
        <StatCard title="Audit Events" value={auditEvents} subtitle="Entries in the audit log" />
      </div>

      <ConsoleTabs<Tab>
        aria-label="Console sections"
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: "users",
            label: "Users",
            content: (
              <UsersTab
                list={userList}
                totalUsers={totalUsers}
                selfId={selfId}
                csrfToken={csrfToken}
                onAudited={() => setAuditEvents((n) => n + 1)}
              />
            ),
          },
          {
            value: "logs",
            label: "Audit Logs",
            content: <LogsTab audit={audit} locked={locked} onError={goUnlockIfLocked} />,
          },
        ]}
      />
    </div>
  );
}

function ConsoleHeader({ onLogOut, leaving }: { onLogOut: () => void; leaving: boolean }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">Owner Console</h1>
        <p className="text-muted-foreground">Manage users and review the audit log.</p>
      </div>
      <button type="button" data-slot="button" className={outlineButton} onClick={onLogOut} disabled={leaving}>
        <LogOut aria-hidden="true" />
        Log Out
      </button>
    </div>
  );
}

function LoadFailedAlert({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div data-slot="alert" role="alert" className={alertClasses.destructive}>
      <div data-slot="alert-title" className={alertClasses.title}>
        Error loading dashboard data. Please try again.
      </div>
      <div data-slot="alert-description" className={alertClasses.description}>
        <button
          type="button"
          data-slot="button"
          className={`${retryButton} mt-2`}
          onClick={onRetry}
          disabled={retrying}
        >
          Retry
        </button>
      </div>
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
