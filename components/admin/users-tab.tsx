"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { deleteUser } from "@/lib/actions/delete-user";
import { toggleUserPause } from "@/lib/actions/toggle-user-pause";
import { api, ApiError, unwrap } from "@/components/providers/api-client";
import type { AdminData, AdminUserView } from "@/lib/admin/types";
import { showToast } from "@/components/ui/toast";
import { tabCard, tabCardContent } from "./console-classes";
import { ADMIN_QUERY_KEY, isLocked } from "./console-query";
import { LoadMoreFooter } from "./load-more";
import { useLoadMore, type LoadMore } from "./use-load-more";
import { UsersTable } from "./users-table";

const userTime = (u: AdminUserView) => Date.parse(u.createdAt);

/** Spec section 8: a refusal that mentions the admin account is the protected-account case. */
function isProtectedAccountError(error: unknown) {
  const text = error instanceof ApiError ? `${error.serverMessage ?? ""} ${error.message}` : String(error);
  return /admin account/i.test(text);
}

/**
 * The Users tab's rows. Called by the console rather than the tab: only the open tab is mounted,
 * and the pages loaded here stay loaded while the owner looks at the audit log.
 */
export function useUserList(data: AdminData, onError: (error: unknown) => void): LoadMore<AdminUserView> {
  // "Load more": only the first page is polled; later pages stay as loaded (see paging.ts).
  const first = useMemo(() => ({ items: data.users, nextCursor: data.nextCursor }), [data]);
  return useLoadMore<AdminUserView>({
    first,
    resetKey: "users",
    timeOf: userTime,
    fetchPage: async (cursor) => {
      const page = await api<AdminData>(`/api/admin?cursor=${encodeURIComponent(cursor)}`);
      return { items: page.users, nextCursor: page.nextCursor };
    },
    onError,
  });
}

export interface UsersTabProps {
  list: LoadMore<AdminUserView>;
  totalUsers: number;
  /** The signed-in owner's own user id: that row's actions are disabled. */
  selfId: string;
  csrfToken: string;
  /** An action of this tab was logged (the Audit Events card counts it). */
  onAudited: () => void;
}

/** The Users tab: every account, with pausing its e-mails and deleting it. */
export function UsersTab({ list, totalUsers, selfId, csrfToken, onAudited }: UsersTabProps) {
  const router = useRouter();
  const queryClient = useQueryClient();

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
      list.patch(flip);
      onAudited();
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
      list.patch((u) => (u.id === user.id ? null : u));
      onAudited();
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

  const users = list.items;
  return (
    <div data-slot="card" className={tabCard}>
      <div data-slot="card-content" className={tabCardContent}>
        <UsersTable
          users={users}
          selfId={selfId}
          togglingId={toggle.isPending ? (toggle.variables?.id ?? null) : null}
          deleting={remove.isPending}
          onTogglePause={(user) => toggle.mutate(user)}
          onDelete={(user) => remove.mutateAsync(user).catch(() => undefined)}
          focusId={list.focusId}
          onFocused={list.focused}
        />
        <LoadMoreFooter
          what="users"
          summary={`Showing ${users.length} of ${Math.max(totalUsers, users.length)} users`}
          hasMore={list.hasMore}
          loading={list.loading}
          failed={list.failed}
          onLoadMore={() => void list.loadMore()}
        />
      </div>
    </div>
  );
}
