import { describe, expect, it } from "vitest";
import { connectToaster, onFirstToast, showToast, type ToastInput } from "@/components/ui/toast";

describe("showToast before and after the toaster has loaded", () => {
  it("wakes the lazy toaster at the first toast, queues in order until it connects, then delivers directly", () => {
    let woken = 0;
    const stopWatching = onFirstToast(() => (woken += 1));
    showToast({ title: "Deleting account..." });
    showToast({ title: "Account deleted successfully", variant: "success" });
    expect(woken).toBe(2);
    const seen: ToastInput[] = [];
    const disconnect = connectToaster((t) => seen.push(t));
    expect(seen.map((t) => t.title)).toEqual(["Deleting account...", "Account deleted successfully"]);
    showToast({
      title: "Settings updated",
      description: "Your changes have been saved successfully",
      variant: "success",
    });
    expect(seen.at(-1)).toEqual({
      title: "Settings updated",
      description: "Your changes have been saved successfully",
      variant: "success",
    });
    disconnect();
    stopWatching();
    // Disconnected again: queued, and a watcher registered later is woken at once.
    showToast({ title: "Later" });
    let late = 0;
    onFirstToast(() => (late += 1))();
    expect(late).toBe(1);
    const again: string[] = [];
    connectToaster((t) => again.push(t.title))();
    expect(again).toEqual(["Later"]);
  });
});
