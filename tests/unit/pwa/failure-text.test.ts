// The notifications panel's failure messages name the cause: the server's message, no push support,
// notifications blocked, a private window's push service, and only then the network.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/components/providers/api-client";
import { failureText, PUSH_BLOCKED, PUSH_PRIVATE, PUSH_UNSUPPORTED } from "@/components/pwa/panel-requests";

/** A browser with service workers, the Push API and notifications in `permission`. */
function browser(permission: NotificationPermission) {
  vi.stubGlobal("window", { PushManager: class {} });
  vi.stubGlobal("navigator", { serviceWorker: {} });
  vi.stubGlobal("Notification", { permission });
}

afterEach(() => vi.unstubAllGlobals());

describe("failureText", () => {
  it("a browser without push: not supported, whatever failed", () => {
    vi.stubGlobal("window", {});
    vi.stubGlobal("navigator", {});
    expect(failureText(new TypeError("Notification is not defined"), "x")).toBe(PUSH_UNSUPPORTED);
    expect(failureText(new DOMException("no", "AbortError"), "x")).toBe(PUSH_UNSUPPORTED);
  });

  it("blocked notifications: the site settings", () => {
    browser("denied");
    expect(failureText(new DOMException("Registration failed - permission denied", "AbortError"), "x")).toBe(
      PUSH_BLOCKED,
    );
    browser("default");
    expect(failureText(new DOMException("denied", "NotAllowedError"), "x")).toBe(PUSH_BLOCKED);
  });

  it("the push service refusing a granted subscription: a private window", () => {
    browser("granted");
    expect(failureText(new DOMException("Registration failed - push service not available", "AbortError"), "x")).toBe(
      PUSH_PRIVATE,
    );
  });

  it("the server's own message, and the network only for what is left", () => {
    browser("granted");
    expect(failureText(new ApiError(400, "Too many devices", "Too many devices"), "x")).toContain("Too many devices");
    expect(failureText(new TypeError("Failed to fetch"), "x")).toMatch(/^Network error/);
    expect(PUSH_UNSUPPORTED).toBe("Notifications aren't supported in this browser.");
  });
});
