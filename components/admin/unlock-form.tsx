"use client";

// The owner unlock form (its page, app/(gate)/owner-unlock, draws the frame on the server). Native
// elements with the ui primitives' class strings, so the page ships no tailwind-merge.
import { useRouter } from "next/navigation";
import { NETWORK_FAILURE, useActionForm } from "@/components/forms/use-action-form";
import { buttonVariants, inputClasses } from "@/components/ui/classes";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { unlockConsole, type UnlockState } from "@/lib/actions/unlock-console";
import { showToast } from "@/components/ui/toast";

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
        showToast({
          title: "Owner Console Unlocked",
          description: "You now have access to the admin dashboard.",
          variant: "success",
        });
        // Client navigation keeps the toast on screen; /admin checks the new grant on the server.
        router.replace("/admin");
      } else if (result.ok === false) {
        form.setValue("code", "");
        form.setError("code", { type: "server", message: unlockErrorText(result) }, { shouldFocus: true });
      }
    },
  });

  return (
    <Form {...form} autoFocusField={autoFocusField}>
      <form {...formProps} className="space-y-4">
        <FormField
          control={form.control}
          name="code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Admin Code</FormLabel>
              <FormControl>
                <input
                  {...field}
                  type="password"
                  autoComplete="off"
                  autoFocus
                  data-slot="input"
                  className={inputClasses}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <button
          type="submit"
          data-slot="button"
          className={buttonVariants({ size: "lg", className: "w-full" })}
          disabled={pending || state.ok === true}
        >
          {pending ? "Verifying" : "Unlock Console"}
        </button>
      </form>
    </Form>
  );
}
