// The dispatch benchmarks' mail port: the provider's work is not theirs (the rate limit has its own
// bench), so it only counts what it is handed.
import { randomUUID } from "node:crypto";
import type { MailTransport } from "@/lib/mail";

export function countingMail(): MailTransport & { handed: () => number } {
  let handed = 0;
  return {
    send: async () => ({ ok: true, id: randomUUID() }),
    sendBatch: async (msgs) => {
      handed += msgs.length;
      return msgs.map(() => ({ ok: true as const, id: randomUUID() }));
    },
    handed: () => handed,
  };
}
