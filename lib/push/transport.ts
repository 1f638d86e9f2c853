// Sends one notification to one browser subscription: web-push (the standard library) encrypts the
// payload (aes128gcm, RFC 8291) and signs the request with the VAPID keys (RFC 8292); the request
// itself goes out through fetch, with a timeout, to the subscription's endpoint only (checked
// against PUSH_ENDPOINT_HOSTS when it was stored, and again here).
import webpush from "web-push";
import { env } from "@/lib/env";
import { endpointProblem } from "./endpoint";
import type { VapidKeys } from "./keys";

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds the push service keeps an undelivered message (the reminder's 30-minute window). */
  ttlSeconds: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  /** A newer message with the same topic replaces an undelivered older one (RFC 8030). */
  topic?: string;
}

export type PushResult =
  | { ok: true; status: number }
  /**
   * gone: the subscription cannot take messages any more (404/410, or its keys are refused) and must
   * be deleted; refused: it was the browser's key (the user is told in Settings).
   */
  | { ok: false; gone: boolean; refused?: boolean; status: number | null; error: string };

export interface PushTransport {
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushResult>;
}

/** Payloads are kept well under the 4 KB a push service must accept (RFC 8030 §7.2). */
export const MAX_PAYLOAD_BYTES = 3072;

export function createWebPushTransport(
  keys: VapidKeys,
  opts: { timeoutMs?: number; allowedHosts?: readonly string[] } = {},
): PushTransport {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    async send(target, payload, options) {
      const allowed = opts.allowedHosts ?? env().pushEndpointHosts;
      const problem = endpointProblem(target.endpoint, allowed);
      if (problem) return { ok: false, gone: true, status: null, error: `endpoint refused: ${problem}` };
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES)
        return { ok: false, gone: false, status: null, error: "payload too large" };
      let details: ReturnType<typeof webpush.generateRequestDetails>;
      try {
        details = webpush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: options.ttlSeconds,
          urgency: options.urgency ?? "normal",
          topic: options.topic,
          contentEncoding: "aes128gcm",
        });
      } catch (error) {
        // The encryption refused the browser's key (not a point of P-256, a bad auth secret): this
        // device can never receive a message, like one the push service no longer knows.
        return {
          ok: false,
          gone: true,
          refused: true,
          status: null,
          error: `the device's key was refused: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      try {
        const res = await fetch(details.endpoint, {
          method: "POST",
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The body is a push service's diagnostic at most: read a little for the log, then drop it.
        const text = res.ok ? "" : (await res.text().catch(() => "")).slice(0, 200);
        if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
        return {
          ok: false,
          gone: res.status === 404 || res.status === 410,
          status: res.status,
          error: `push service answered ${res.status}${text ? `: ${text}` : ""}`,
        };
      } catch (error) {
        return { ok: false, gone: false, status: null, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
