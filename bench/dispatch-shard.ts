// One shard's dispatch run for bench/dispatch-scale.ts, in its own process. Prints
// { handed, sent, seconds } as its last line. Args: <database url> <i/n> <now ISO>.
import { closeAllDbs, getDb } from "@/lib/db";
import { dispatch } from "@/lib/reminders/dispatch";
import { parseShard } from "@/lib/reminders/shard";
import { createSuggester } from "@/lib/exercises/suggest";
import { countingMail } from "./counting-mail";

async function main() {
  const [url, shardText, nowText] = process.argv.slice(2);
  const db = await getDb({ databaseUrl: url! });
  const mail = countingMail();
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
  console.log(JSON.stringify({ handed: mail.handed(), sent: r.sent, seconds: (performance.now() - started) / 1000 }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
