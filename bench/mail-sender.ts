// One sender process for bench/mail-rate.ts: the app's Resend transport with the database pacer
// (MAIL_MAX_RPS shared with the other sender), sending batches of 100 until the time is up.
// Args: <database url> <stub url> <max rps> <seconds>.
import { closeAllDbs, getDb } from "@/lib/db";
import { createResendTransport } from "@/lib/mail";
import { createDbPacer } from "@/lib/mail/pace";

async function main() {
  const [url, stubUrl, rps, seconds] = process.argv.slice(2);
  const pace = createDbPacer({ db: () => getDb({ databaseUrl: url! }), maxRps: Number(rps) });
  const transport = createResendTransport({
    apiKey: "re_bench",
    baseUrl: stubUrl!,
    from: "Limber <breaks@example.com>",
    pace,
  });
  const batch = Array.from({ length: 100 }, (_, i) => ({
    to: `u${i}@example.com`,
    subject: "Time to move",
    html: "<p>Break</p>",
    text: "Break",
  }));
  const until = Date.now() + Number(seconds) * 1000;
  let failed = 0;
  while (Date.now() < until) {
    const results = await transport.sendBatch(batch);
    failed += results.filter((r) => !r.ok).length;
  }
  await closeAllDbs();
  if (failed > 0) throw new Error(`${failed} e-mails not sent`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
