"use client";

import { LockKeyhole, ShieldAlert } from "lucide-react";
import { useRouter } from "next/navigation";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { unlockConsole, type UnlockState } from "@/lib/actions/unlock-console";
import { showToast } from "@/lib/toast";

const IDLE: UnlockState = {};

/** Spec section 8: the server's message, else 'Invalid admin code'; 404 and other failures have their own text. */
export function unlockErrorText(state: { status: number; message?: string }): string {
  if (state.status === 404) return "Owner console access error. Please contact support.";
  if (state.status === NETWORK_FAILURE.status) return "Wrong code";
  return state.message || "Invalid admin code";
}

export function UnlockForm() {
  const router = useRouter();
  const { form, state, pending, formProps, autoFocusField } = useActionForm({
    action: unlockConsole,
    initialState: IDLE,
    schema: () => import("@/lib/admin/schemas").then((m) => m.unlockSchema),
    defaultValues: { code: "" },
    onResult(result) {
      if (result.ok) {
        showToast({ title: "Owner Console Unlocked", description: "You now have access to the admin dashboard.", variant: "success" });
        // Client navigation keeps the toast on screen; /admin checks the new grant on the server.
        router.replace("/admin");
      } else if (result.ok === false) {
        form.setValue("code", "");
        form.setError("code", { type: "server", message: unlockErrorText(result) }, { shouldFocus: true });
      }
    },
  });

  return (
    <div className="mx-auto max-w-md space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Owner Console</h1>
        <p className="text-muted-foreground">Enter the admin code to manage users and read the audit log.</p>
      </div>

      {/* A standing notice, not a live alert. */}
      <Alert role="note">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>Restricted area</AlertTitle>
        <AlertDescription>This area is restricted to the product owner. All actions are logged.</AlertDescription>
      </Alert>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <LockKeyhole className="size-5 text-primary" aria-hidden="true" />
              Unlock the console
            </h2>
          </CardTitle>
          <CardDescription>Access lasts 8 hours, or until you log out of the console.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form} autoFocusField={autoFocusField}>
            <form {...formProps} className="space-y-4">
              <FormField
                control={form.control}
                name="code"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Admin Code</FormLabel>
                    <FormControl>
                      <Input {...field} type="password" autoComplete="off" autoFocus />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button type="submit" size="lg" className="w-full" disabled={pending || state.ok === true}>
                {pending ? "Verifying" : "Unlock Console"}
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
