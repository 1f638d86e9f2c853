import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePageUser } from "@/lib/auth/page-user";
import { isSpecialUser } from "@/lib/auth/session";
import { env } from "@/lib/env";

// The signed-in shell of app/(app), with a column as wide as the top bar: the history's 12-month
// heatmap needs it on a laptop for readable squares. Each page still checks the session itself.
export default async function WideLayout({ children }: { children: ReactNode }) {
  const user = await requirePageUser();
  return (
    <AppShell
      user={{ email: user.email }}
      feedbackUrl={env().feedbackUrl}
      isSpecialUser={isSpecialUser(user.email)}
      aiEnabled={env().aiEnabled}
      width="wide"
    >
      {children}
    </AppShell>
  );
}
