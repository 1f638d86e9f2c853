// `npm run reminders:dispatch [-- --shard i/n]`: one reminder run (of one shard), printed as JSON.
// With the embedded PGlite database, stop `npm start` first (PGlite has no lock between
// processes), or call the cron URL.
import { closeAllDbs } from "@/lib/db";
import { runDispatch } from "@/lib/reminders/run";
import { ALL, parseShard } from "@/lib/reminders/shard";

const at = process.argv.indexOf("--shard");
let shard = ALL;
try {
  if (at >= 0) shard = parseShard(process.argv[at + 1] ?? "");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

runDispatch(new Date(), shard)
  .then(async (r) => {
    console.log(JSON.stringify({ ...r, shard: `${shard.index}/${shard.count}` }));
    await closeAllDbs();
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
