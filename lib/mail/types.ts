export type MailKind = "login-code" | "test" | "reminder";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Lets the provider drop a retried duplicate (Resend keeps keys for 24 h). */
  idempotencyKey?: string;
  kind?: MailKind;
}

/**
 * `retryLater`: the provider refused for its rate limit and it did not clear in time; the message
 * was not sent and this is not a failed attempt (send it again on a later run).
 */
export type SendResult = { ok: true; id: string } | { ok: false; error: string; retryLater?: boolean };

/** A mail port. Never throws for delivery problems: they come back as `{ ok: false, error }`. */
export interface MailTransport {
  send(msg: MailMessage): Promise<SendResult>;
  /** One result per message, in the same order. */
  sendBatch(msgs: MailMessage[]): Promise<SendResult[]>;
}
