import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { isSpecialUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

// The signed-in shell. Each page below still checks the session itself (layouts do not re-run
// on client navigation), this only renders the frame for the user.
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <AppShell
      user={{ email: user.email }}
      feedbackUrl={env().feedbackUrl}
      isSpecialUser={isSpecialUser(user.email)}
      aiEnabled={env().aiEnabled}
    >
      {children}
    </AppShell>
  );
}
