// Resend transport. The SDK answers API and network failures with `{ error }`; we still guard against
// throws (e.g. a bad payload) so callers only ever see SendResult.
import { createHash } from "node:crypto";
import { Resend } from "resend";
import type { MailMessage, MailTransport, SendResult } from "./types";

export interface ResendTransportOptions {
  apiKey: string;
  /** API base, e.g. a local stub in tests; defaults to RESEND_BASE_URL or https://api.resend.com. */
  baseUrl?: string;
  from: string;
}

/** Resend's documented batch limit. */
export const RESEND_BATCH_LIMIT = 100;

type ApiError = { name?: string; message?: string; statusCode?: number | null } | null | undefined;

function describe(error: ApiError): string {
  if (!error) return "unknown error";
  const name = error.name ?? "error";
  return error.message ? `${name}: ${error.message}` : name;
}

function thrown(err: unknown): string {
  return `request failed: ${err instanceof Error ? err.message : String(err)}`;
}

/** One key for a batch request when every message has one; stable for the same messages in the same order. */
export function batchIdempotencyKey(msgs: MailMessage[]): string | undefined {
  if (msgs.length === 0 || msgs.some((m) => !m.idempotencyKey)) return undefined;
  const digest = createHash("sha256").update(msgs.map((m) => m.idempotencyKey).join("\n")).digest("hex");
  return `batch-${digest}`;
}

export function createResendTransport({ apiKey, baseUrl, from }: ResendTransportOptions): MailTransport {
  // The constructor option wins over RESEND_BASE_URL; the SDK appends paths like "/emails" verbatim.
  const client = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, "") } : undefined);

  const payload = (m: MailMessage) => ({
    from,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    ...(m.headers && Object.keys(m.headers).length > 0 ? { headers: m.headers } : {}),
  });

  async function send(msg: MailMessage): Promise<SendResult> {
    try {
      const { data, error } = await client.emails.send(
        payload(msg),
        msg.idempotencyKey ? { idempotencyKey: msg.idempotencyKey } : undefined,
      );
      if (error || !data?.id) return { ok: false, error: describe(error) };
      return { ok: true, id: data.id };
    } catch (err) {
      return { ok: false, error: thrown(err) };
    }
  }

  async function sendChunk(chunk: MailMessage[]): Promise<SendResult[]> {
    try {
      const idempotencyKey = batchIdempotencyKey(chunk);
      // Strict validation (the default): the whole chunk is accepted or rejected together.
      const { data, error } = await client.batch.send(chunk.map(payload), idempotencyKey ? { idempotencyKey } : undefined);
      if (error || !data) {
        const message = describe(error);
        return chunk.map(() => ({ ok: false, error: message }));
      }
      return chunk.map((_, i): SendResult => {
        const id = data.data[i]?.id;
        return id ? { ok: true, id } : { ok: false, error: "no id in batch answer" };
      });
    } catch (err) {
      const message = thrown(err);
      return chunk.map(() => ({ ok: false, error: message }));
    }
  }

  return {
    send,
    async sendBatch(msgs) {
      const results: SendResult[] = [];
      for (let i = 0; i < msgs.length; i += RESEND_BATCH_LIMIT) {
        results.push(...(await sendChunk(msgs.slice(i, i + RESEND_BATCH_LIMIT))));
      }
      return results;
    },
  };
}
