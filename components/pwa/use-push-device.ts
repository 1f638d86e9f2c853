"use client";

// This device's notifications: what the browser allows, whether it is subscribed, and turning it
// on (permission, the service worker's push subscription with the server's VAPID key, then the
// subscribePush action) or off. Which of the account's devices this browser is is remembered in
// localStorage (the id the server gave it, with the subscription's endpoint).
import { useCallback, useEffect, useState } from "react";
import { removePushDevice } from "@/lib/actions/remove-push-device";
import { subscribePush } from "@/lib/actions/subscribe-push";
import { unwrap } from "@/components/providers/api-client";
import { api, ApiError } from "@/components/providers/api-client";

export type DeviceState =
  | { kind: "checking" }
  /** No Web Push in this browser. */
  | { kind: "unsupported" }
  /** iPhone or iPad in Safari: Web Push only from the Home Screen (iOS 16.4+). */
  | { kind: "ios" }
  | { kind: "denied" }
  | { kind: "off" }
  | { kind: "on"; id: string };

const SAVED_KEY = "limber:push-device";
const READY_TIMEOUT_MS = 10_000;

interface Saved {
  id: string;
  endpoint: string;
}

function readSaved(): Saved | null {
  try {
    const v = JSON.parse(localStorage.getItem(SAVED_KEY) ?? "null") as Partial<Saved> | null;
    return typeof v?.id === "string" && typeof v.endpoint === "string" ? { id: v.id, endpoint: v.endpoint } : null;
  } catch {
    return null;
  }
}

function save(value: Saved | null) {
  try {
    if (value) localStorage.setItem(SAVED_KEY, JSON.stringify(value));
    else localStorage.removeItem(SAVED_KEY);
  } catch {
    // storage off: the device is found again through the server next time
  }
}

export function isStandalone(): boolean {
  return (
    matchMedia("(display-mode: standalone)").matches || (navigator as { standalone?: boolean }).standalone === true
  );
}

/** iPhone, iPad (iPadOS asks for the desktop site: a Mac with a touch screen), iPod. */
function isIos(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(b64 + "===".slice((b64.length + 3) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration("/");
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The worker, registered if the shell has not done it yet, once it is active. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("service worker not ready")), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This device's state, given the account's device ids (as the server listed them), and the two
 * things the user can do with it. `onChange` runs after the server's list may have changed.
 */
export function usePushDevice(deviceIds: readonly string[], onChange: () => void) {
  const [state, setState] = useState<DeviceState>({ kind: "checking" });

  // Once on load: what the browser says, matched with the server's list.
  const [initialIds] = useState(deviceIds);
  useEffect(() => {
    let live = true;
    (async (): Promise<DeviceState> => {
      if (!pushSupported()) return isIos() && !isStandalone() ? { kind: "ios" } : { kind: "unsupported" };
      if (Notification.permission === "denied") return { kind: "denied" };
      const sub = Notification.permission === "granted" ? await currentSubscription() : null;
      if (!sub) return { kind: "off" };
      const saved = readSaved();
      if (saved?.endpoint === sub.endpoint) {
        if (initialIds.includes(saved.id)) return { kind: "on", id: saved.id };
        // Removed from the list (on another device, or by the server once the push service
        // forgot it), or another account's: this browser stops too.
        await sub.unsubscribe().catch(() => undefined);
        save(null);
        return { kind: "off" };
      }
      // Subscribed here but not remembered (storage cleared, or a new subscription from the push
      // service): the server knows it by its endpoint and answers with its id.
      const { id } = await unwrap(subscribePush(sub.toJSON()));
      save({ id, endpoint: sub.endpoint });
      if (!initialIds.includes(id)) onChange();
      return { kind: "on", id };
    })()
      .catch((): DeviceState => ({ kind: "off" }))
      .then((next) => {
        if (live) setState(next);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);

  const turnOn = useCallback(async () => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setState({ kind: permission === "denied" ? "denied" : "off" });
      return false;
    }
    const [reg, { publicKey }] = await Promise.all([
      activeRegistration(),
      api<{ publicKey: string }>("/api/push/public-key"),
    ]);
    const key = keyBytes(publicKey);
    let sub = await reg.pushManager.getSubscription();
    // Made with a key the server no longer has: replaced.
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    try {
      const { id } = await unwrap(subscribePush(sub.toJSON()));
      save({ id, endpoint: sub.endpoint });
      setState({ kind: "on", id });
    } catch (error) {
      // Not stored: no subscription left behind that nothing sends to.
      await sub.unsubscribe().catch(() => undefined);
      throw error;
    }
    onChange();
    return true;
  }, [onChange]);

  /** Stops this device (the server first: if that fails, nothing has changed). */
  const turnOff = useCallback(async () => {
    const sub = await currentSubscription();
    const saved = readSaved();
    const id = state.kind === "on" ? state.id : saved?.id;
    if (id) {
      try {
        await unwrap(removePushDevice(id));
      } catch (error) {
        // Already gone from the list is as good as removed.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    await sub?.unsubscribe().catch(() => undefined);
    save(null);
    setState({ kind: "off" });
    onChange();
  }, [state, onChange]);

  /** The device was removed from the list: if it is this one, this browser stops too. */
  const forget = useCallback(
    async (id: string) => {
      if (state.kind !== "on" || state.id !== id) return;
      const sub = await currentSubscription();
      await sub?.unsubscribe().catch(() => undefined);
      save(null);
      setState({ kind: "off" });
    },
    [state],
  );

  return { state, turnOn, turnOff, forget };
}
