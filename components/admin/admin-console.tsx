"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { AdminData, AdminLogs, AdminUserView } from "@/lib/admin/types";
import { api, ApiError } from "@/lib/api-client";
import { ADMIN_POLL_MS } from "@/lib/constants";
import { showToast } from "@/lib/toast";
import { AuditLogTable } from "./audit-log-table";
import { UsersTable } from "./users-table";

export const ADMIN_QUERY_KEY = ["admin"] as const;
export const ADMIN_LOGS_QUERY_KEY = ["admin", "logs"] as const;

type Tab = "users" | "logs";

const isLocked = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Spec section 8: a refusal that mentions the admin account is the protected-account case. */
function isProtectedAccountError(error: unknown) {
  const text = error instanceof ApiError ? `${error.serverMessage ?? ""} ${error.message}` : String(error);
  return /admin account/i.test(text);
}

export function AdminConsole({ initial }: { initial: AdminData }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>("users");
  // Set while leaving (console logout): no more polling, and a 401 no longer means "go unlock".
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);

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

  // Audit logs: only while their tab is open, never cached.
  const logs = useQuery({
    queryKey: ADMIN_LOGS_QUERY_KEY,
    queryFn: () => api<AdminLogs>("/api/admin/logs"),
    enabled: tab === "logs" && !leaving,
    gcTime: 0,
    staleTime: 0,
    retry: (count, error) => !isLocked(error) && count < 1,
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

  const csrfToken = admin.data.csrfToken;

  const toggle = useMutation({
    mutationFn: (user: AdminUserView) =>
      api<{ success: boolean; pauseEmails: boolean }>(`/api/admin/users/${encodeURIComponent(user.id)}/toggle-pause`, {
        body: { csrfToken },
      }),
    onSuccess: (result, user) => {
      queryClient.setQueryData<AdminData>(
        ADMIN_QUERY_KEY,
        (old) =>
          old && { ...old, users: old.users.map((u) => (u.id === user.id ? { ...u, pauseEmails: result.pauseEmails } : u)) },
      );
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
    mutationFn: (user: AdminUserView) => api(`/api/admin/users/${encodeURIComponent(user.id)}/delete`, { body: { csrfToken } }),
    onSuccess: (_result, user) => {
      queryClient.setQueryData<AdminData>(
        ADMIN_QUERY_KEY,
        (old) => old && { ...old, totalUsers: Math.max(0, old.totalUsers - 1), users: old.users.filter((u) => u.id !== user.id) },
      );
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
      await api("/api/admin/logout");
      loggedOutRef.current = true;
    } catch (error) {
      console.error("Admin logout failed", error);
    }
    router.push("/dashboard");
  }

  const { users, totalUsers } = admin.data;
  const activeUsers = users.filter((u) => !u.pauseEmails).length;
  const auditEvents = logs.data?.logs.length ?? 0;
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
        <Button type="button" variant="outline" onClick={() => void logOut()} disabled={leaving}>
          <LogOut aria-hidden="true" />
          Log Out
        </Button>
      </div>

      {loadFailed && (
        <Alert variant="destructive">
          <AlertTitle>Error loading dashboard data. Please try again.</AlertTitle>
          <AlertDescription>
            <Button
              type="button"
              variant="outline"
              className="mt-2 text-foreground"
              onClick={() => void admin.refetch()}
              disabled={admin.isFetching}
            >
              Retry
            </Button>
          </AlertDescription>
        </Alert>
      )}

      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard title="Total Users" value={totalUsers} subtitle="Registered accounts" />
        <StatCard title="Active Users" value={activeUsers} subtitle="Receiving emails" />
        <StatCard title="Audit Events" value={auditEvents} subtitle="Admin actions logged" />
      </div>

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)} className="gap-4">
        <TabsList aria-label="Console sections">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="logs">Audit Logs</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <Card className="py-2">
            <CardContent className="px-1 sm:px-4">
              <UsersTable
                users={users}
                togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
                deleting={remove.isPending}
                onTogglePause={(user) => toggle.mutate(user)}
                onDelete={(user) => remove.mutateAsync(user).catch(() => undefined)}
              />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="logs">
          <Card className="py-2">
            <CardContent className="px-1 sm:px-4">
              {logs.data ? (
                <AuditLogTable logs={logs.data.logs} />
              ) : logs.isError && !locked ? (
                <div role="alert" className="space-y-2 p-4 text-sm text-destructive">
                  <p>Error loading audit logs. Please try again.</p>
                  <Button type="button" variant="outline" className="text-foreground" onClick={() => void logs.refetch()}>
                    Retry
                  </Button>
                </div>
              ) : (
                <p role="status" className="p-4 text-sm text-muted-foreground">
                  Loading audit logs...
                </p>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

function StatCard({ title, value, subtitle }: { title: string; value: number; subtitle: string }) {
  return (
    <Card className="gap-1 py-3 sm:py-4">
      <CardHeader className="px-3 sm:px-4">
        <h2 className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</h2>
      </CardHeader>
      <CardContent className="px-3 sm:px-4">
        <p className="text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
        <p className="text-xs text-muted-foreground">{subtitle}</p>
      </CardContent>
    </Card>
  );
}
