"use client";

import { Send } from "lucide-react";
import { useId } from "react";
import { buttonVariants } from "@/components/ui/classes";
import { sendTestNotification } from "@/lib/actions/send-test-notification";
import { unwrap } from "@/components/providers/api-client";
import { showToast } from "@/components/ui/toast";
import { big, failureText, waiting, type Run } from "./panel-requests";

export interface TestNotificationProps {
  /** The request running in the panel, if any. */
  busy: string | null;
  run: Run;
}

/** A test notification to each of the account's devices, to check that they arrive. */
export function TestNotification({ busy, run }: TestNotificationProps) {
  const hintId = useId();

  const sendTest = () =>
    run("test", async () => {
      try {
        const { sent } = await unwrap(sendTestNotification());
        showToast({
          title: "Test notification sent",
          description: `Sent to ${sent === 1 ? "1 device" : `${sent} devices`}. It should arrive in a few seconds.`,
          variant: "success",
        });
      } catch (error) {
        showToast({
          title: "Could not send a test notification",
          description: failureText(error, "Please try again."),
          variant: "destructive",
        });
      }
    });

  return (
    <div className="flex flex-col gap-2 border-t pt-4">
      <div>
        <button
          type="button"
          data-slot="button"
          className={buttonVariants({ variant: "outline", size: "lg", className: `${big} ${waiting}` })}
          aria-disabled={busy !== null || undefined}
          onClick={sendTest}
          aria-describedby={hintId}
        >
          <Send aria-hidden="true" />
          {busy === "test" ? "Sending..." : "Send a Test Notification"}
        </button>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        One to each device above, to check that they arrive. Up to 3 a day.
      </p>
    </div>
  );
}
