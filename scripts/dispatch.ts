// `npm run reminders:dispatch`: one reminder run, printed as JSON. With the embedded PGlite
// database, stop `npm start` first (PGlite has no lock between processes), or call the cron URL.
import { closeAllDbs } from "@/lib/db";
import { runDispatch } from "@/lib/reminders/run";

runDispatch()
  .then(async (r) => {
    console.log(JSON.stringify(r));
    await closeAllDbs();
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
