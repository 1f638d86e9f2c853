import { ApiError, errorMessage } from "@/components/providers/api-client";

/**
 * Runs one of the panel's requests, named by `what` (the button that shows it running), unless
 * another one is running: the panel's sections take turns.
 */
export type Run = (what: string, body: () => Promise<void>) => Promise<void>;

const NETWORK_ERROR = "Network error. Please check your connection and try again.";
export const big = "min-h-11 w-full sm:w-auto";
// While one request runs the buttons refuse clicks but keep focus (a disabled button would drop it).
export const waiting = "aria-disabled:cursor-wait aria-disabled:opacity-60";

export const PUSH_UNSUPPORTED = "Notifications aren't supported in this browser.";
export const PUSH_BLOCKED = "Notifications are blocked for this site: allow them in your browser's site settings.";
export const PUSH_PRIVATE =
  "Private windows can't receive notifications. If this is not a private window, check your connection and try again.";

/** The browser lacks what push needs (service workers, the Push API, notifications). */
export function pushUnsupported() {
  return (
    typeof window === "undefined" ||
    typeof Notification === "undefined" ||
    !("serviceWorker" in navigator) ||
    !("PushManager" in window)
  );
}

/**
 * Why a request failed, by cause: the server's message, the browser's refusal (no push support,
 * notifications blocked, a private window's push service), or else the network.
 */
export function failureText(error: unknown, fallback: string) {
  if (error instanceof ApiError) return errorMessage(error, fallback);
  // The browser's own push and permission failures are DOMExceptions (not network errors).
  if (error instanceof DOMException) {
    if (pushUnsupported() || error.name === "NotSupportedError") return PUSH_UNSUPPORTED;
    if (Notification.permission === "denied" || error.name === "NotAllowedError" || /permission/i.test(error.message))
      return PUSH_BLOCKED;
    // "Registration failed - push service not available/error": a private window's push service
    // (Chrome incognito, Firefox private browsing), or a push service out of reach.
    if (error.name === "AbortError" || error.name === "InvalidStateError") return PUSH_PRIVATE;
  }
  if (error instanceof TypeError && pushUnsupported()) return PUSH_UNSUPPORTED;
  // A server action that never reached the server throws a TypeError, not an ApiError.
  return NETWORK_ERROR;
}
