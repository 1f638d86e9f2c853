// The mail port: Resend when RESEND_API_KEY is set, otherwise the file outbox.
import path from "node:path";
import { env } from "@/lib/env";
import { createOutboxTransport } from "./outbox";
import { createResendTransport } from "./resend";
import type { MailMessage, MailTransport, SendResult } from "./types";

export type { MailKind, MailMessage, MailTransport, SendResult } from "./types";
export { createOutboxTransport, readOutbox, type OutboxMessage } from "./outbox";
export { createResendTransport } from "./resend";

// On globalThis so that dev reloads and duplicate bundle copies share one transport.
type Slot = { transport?: MailTransport; override?: MailTransport };
const SLOT_KEY = Symbol.for("limber.mail.transport");
function slot(): Slot {
  const g = globalThis as { [SLOT_KEY]?: Slot };
  g[SLOT_KEY] ??= {};
  return g[SLOT_KEY];
}

function createFromEnv(): MailTransport {
  const e = env();
  if (e.resendApiKey) {
    return createResendTransport({ apiKey: e.resendApiKey, baseUrl: e.resendBaseUrl, from: e.emailFrom });
  }
  return createOutboxTransport({ dir: path.join(e.dataDir, "outbox"), from: e.emailFrom });
}

/** The process-wide transport (or the test override). */
export function getMailTransport(): MailTransport {
  const s = slot();
  if (s.override) return s.override;
  s.transport ??= createFromEnv();
  return s.transport;
}

export function sendMail(msg: MailMessage): Promise<SendResult> {
  return getMailTransport().send(msg);
}

/** Replaces the transport until called again with `undefined`. */
export function setMailTransportForTests(transport: MailTransport | undefined): void {
  slot().override = transport;
}
