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
  /** Resolves when the next request may go (lib/mail/pace.ts: MAIL_MAX_RPS shared by all processes). */
  pace?: () => Promise<void>;
  /** How long one request may wait out the provider's rate limit in total before giving up for now. */
  rateLimitBudgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

type ApiAnswer<T> = { data: T | null; error: ApiError; headers?: Record<string, string> | null };

/** Resend's 429: `rate_limit_exceeded` (per-second requests) or `daily_quota_exceeded`. */
function isRateLimited(error: ApiError): boolean {
  return !!error && (error.statusCode === 429 || error.name === "rate_limit_exceeded");
}

/** How long the provider asks us to wait: Retry-After (seconds or an HTTP date), else ratelimit-reset (seconds), else 1 s. */
export function rateLimitWaitMs(headers: Record<string, string> | null | undefined, now = Date.now()): number {
  const get = (name: string) => headers?.[name] ?? headers?.[name.toLowerCase()];
  const retryAfter = get("retry-after");
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(get("ratelimit-reset"));
  if (Number.isFinite(reset) && reset >= 0) return reset * 1000;
  return 1000;
}

/** Resend's documented batch limit. */
export const RESEND_BATCH_LIMIT = 100;

type ApiError = { name?: string; message?: string; statusCode?: number | null } | null | undefined;

/**
 * The request's own content was refused (4xx, or a validation error by name when the answer
 * carries no status), not the provider failing: splitting a batch can help.
 */
function isMessageProblem(error: NonNullable<ApiError>): boolean {
  const status = error.statusCode ?? 0;
  if (status >= 400 && status < 500) return true;
  return !status && /^(validation_error|invalid_|missing_required_field)/.test(error.name ?? "");
}

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
  const digest = createHash("sha256")
    .update(msgs.map((m) => m.idempotencyKey).join("\n"))
    .digest("hex");
  return `batch-${digest}`;
}

export function createResendTransport({
  apiKey,
  baseUrl,
  from,
  pace,
  rateLimitBudgetMs = 60_000,
  sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
}: ResendTransportOptions): MailTransport {
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

  /**
   * One API request, paced, with the provider's rate limit waited out (its 429 is not a failure of
   * the message) up to `rateLimitBudgetMs`; `limited` when it still refuses after that.
   */
  async function request<T>(call: () => Promise<ApiAnswer<T>>): Promise<ApiAnswer<T> & { limited: boolean }> {
    let waited = 0;
    for (;;) {
      await pace?.();
      const answer = await call();
      if (!isRateLimited(answer.error)) return { ...answer, limited: false };
      const wait = rateLimitWaitMs(answer.headers);
      if (waited + wait > rateLimitBudgetMs) return { ...answer, limited: true };
      await sleep(wait);
      waited += wait;
    }
  }

  async function send(msg: MailMessage): Promise<SendResult> {
    try {
      const { data, error, limited } = await request(() =>
        client.emails.send(payload(msg), msg.idempotencyKey ? { idempotencyKey: msg.idempotencyKey } : undefined),
      );
      if (limited) return { ok: false, error: describe(error), retryLater: true };
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
      const { data, error, limited } = await request(() =>
        client.batch.send(chunk.map(payload), idempotencyKey ? { idempotencyKey } : undefined),
      );
      if (limited) return chunk.map(() => ({ ok: false, error: describe(error), retryLater: true }));
      // Strict validation refuses the whole batch for one bad message (an address Resend rejects):
      // each message then goes on its own, so only that one fails. (A 5xx or a network error is the
      // provider's, not a message's: the batch is retried as it is by a later run.)
      if (error && chunk.length > 1 && isMessageProblem(error)) {
        const one: SendResult[] = [];
        for (const m of chunk) one.push(await send(m));
        return one;
      }
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
