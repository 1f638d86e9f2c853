// One shard's dispatch run for bench/dispatch-scale.ts, in its own process. Prints
// { handed, sent, seconds } as its last line. Args: <database url> <i/n> <now ISO>.
import { randomUUID } from "node:crypto";
import { closeAllDbs, getDb } from "@/lib/db";
import type { MailTransport } from "@/lib/mail";
import { dispatch } from "@/lib/reminders/dispatch";
import { parseShard } from "@/lib/reminders/shard";
import { createSuggester } from "@/lib/reminders/suggest";

async function main() {
const [url, shardText, nowText] = process.argv.slice(2);
const db = await getDb({ databaseUrl: url! });
let handed = 0;
// The mail port's work is the provider's; here it only counts (the rate limit has its own bench).
const mail: MailTransport = {
  send: async () => ({ ok: true, id: randomUUID() }),
  sendBatch: async (msgs) => {
    handed += msgs.length;
    return msgs.map(() => ({ ok: true as const, id: randomUUID() }));
  },
};
const started = performance.now();
const r = await dispatch({
  now: new Date(nowText!),
  db,
  mail,
  suggest: createSuggester({ model: null }),
  config: { appUrl: "https://limber.example", secret: "bench-secret-bench-secret-bench-secret!" },
  shard: parseShard(shardText!),
});
await closeAllDbs();
console.log(JSON.stringify({ handed, sent: r.sent, seconds: (performance.now() - started) / 1000 }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
