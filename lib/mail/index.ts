// The mail port: Resend when RESEND_API_KEY is set, otherwise the file outbox.
import path from "node:path";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { createOutboxTransport } from "./outbox";
import { createDbPacer } from "./pace";
import { createResendTransport } from "./resend";
import type { MailMessage, MailTransport, SendResult } from "./types";

export type { MailMessage, MailTransport, SendResult } from "./types";
export { readOutbox } from "./outbox";
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
    // Paced to MAIL_MAX_RPS across every process (shards, instances) through the database.
    const pace = createDbPacer({ db: () => getDb(), maxRps: e.mailMaxRps });
    return createResendTransport({ apiKey: e.resendApiKey, baseUrl: e.resendBaseUrl, from: e.emailFrom, pace });
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
