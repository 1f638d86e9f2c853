// One reminder run in a process of its own, for tests that kill it mid-run
// (tests/integration/crash.pg.test.ts): the app's dispatch with the real Web Push transport, on the
// database and settings of its environment.
import { purposeKey } from "@/lib/platform/secret";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { getMailTransport } from "@/lib/mail";
import { getPushTransport } from "@/lib/push";
import { dispatch } from "@/lib/reminders/dispatch";
import { createSuggester } from "@/lib/exercises/suggest";

const now = new Date(process.env.DISPATCH_NOW!);
const leaseMs = Number(process.env.DISPATCH_LEASE_MS ?? 300_000);

async function main() {
  const result = await dispatch({
    now,
    db: await getDb(),
    mail: getMailTransport(),
    push: getPushTransport(),
    suggest: createSuggester({ model: null }),
    config: { appUrl: env().appUrl, secret: purposeKey("email-links"), leaseMs },
  });
  console.log(JSON.stringify(result));
  process.exit(0);
}

void main();
