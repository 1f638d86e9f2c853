// The push port: Web Push with the VAPID keys (./keys), or null when push is not set up on this
// server (production on a shared database without VAPID keys). Tests replace the transport.
import { createWebPushTransport, type PushTransport } from "./transport";
import { vapidKeys } from "./keys";

export type { PushTransport } from "./transport";

// On globalThis so that dev reloads and duplicate bundle copies share one transport.
type Slot = { transport?: PushTransport | null; override?: { transport: PushTransport | null } };
const SLOT_KEY = Symbol.for("limber.push.transport");
function slot(): Slot {
  const g = globalThis as { [SLOT_KEY]?: Slot };
  g[SLOT_KEY] ??= {};
  return g[SLOT_KEY];
}

/** The process-wide transport (or the test override); null when push is not set up. */
export function getPushTransport(): PushTransport | null {
  const s = slot();
  if (s.override) return s.override.transport;
  if (s.transport === undefined) {
    const keys = vapidKeys();
    s.transport = keys ? createWebPushTransport(keys) : null;
  }
  return s.transport;
}

/** Replaces the transport (null: push off) until called again with `undefined`. */
export function setPushTransportForTests(transport: PushTransport | null | undefined): void {
  slot().override = transport === undefined ? undefined : { transport };
}

/** Push is available on this server (the Settings card and the public key call say so). */
export function pushEnabled(): boolean {
  return getPushTransport() !== null;
}
