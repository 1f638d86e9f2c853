import type { ReactNode } from "react";
import { QueryProvider } from "@/components/providers/query-provider";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { isSpecialUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

// The owner console pages live in the same signed-in shell as app/(app). Each page still checks
// the session (and the admin grant) itself: layouts do not re-run on client navigation. Both pages
// use TanStack Query, so its provider is here rather than in the root layout.
export default async function OwnerLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <AppShell
      user={{ email: user.email }}
      feedbackUrl={env().feedbackUrl}
      isSpecialUser={isSpecialUser(user.email)}
      aiEnabled={env().aiEnabled}
      width="wide"
    >
      <QueryProvider>{children}</QueryProvider>
    </AppShell>
  );
}
