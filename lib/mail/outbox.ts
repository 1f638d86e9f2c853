// The embedded default transport: every message becomes a JSON file that tests, e2e and operators can read.
import { promises as fs } from "node:fs";
import path from "node:path";
import type { MailMessage, MailTransport, SendResult } from "./types";

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  createdAt: string;
}

export interface OutboxTransportOptions {
  dir: string;
  from: string;
  log?: (line: string) => void;
}

const FILE_NAME = /^\d{13,}-\d{6}\.json$/;
const SEQ_LIMIT = 1_000_000;

// On globalThis so that every bundle copy of this module (Next may load it more than once) shares one
// clock and counter: names keep sorting in send order within the process.
type Clock = { lastMs: number; seq: number };
const CLOCK_KEY = Symbol.for("limber.mail.outbox.clock");
function clock(): Clock {
  const g = globalThis as { [CLOCK_KEY]?: Clock };
  g[CLOCK_KEY] ??= { lastMs: 0, seq: 0 };
  return g[CLOCK_KEY];
}

/** Next file stem. Monotonic even if the wall clock steps back; the seq wraps at 6 digits. */
function nextStem(): string {
  const c = clock();
  c.lastMs = Math.max(Date.now(), c.lastMs);
  const seq = c.seq;
  c.seq = (c.seq + 1) % SEQ_LIMIT;
  return `${c.lastMs}-${String(seq).padStart(6, "0")}`;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");

function logLine(msg: MailMessage, file: string): string {
  if (msg.kind === "login-code") {
    const code = /\b\d{6}\b/.exec(msg.subject)?.[0] ?? /\b\d{6}\b/.exec(msg.text)?.[0] ?? "(code not found)";
    return `[mail] login code for ${oneLine(msg.to)}: ${code} (outbox: ${file})`;
  }
  return `[mail] ${oneLine(msg.subject)} -> ${oneLine(msg.to)} (outbox: ${file})`;
}

/**
 * Writes `record` to `<dir>/<record.id>.json` atomically (temp file, then link or rename). A hard link
 * never overwrites, so a name another process took meanwhile gets a fresh one instead of being clobbered.
 */
async function writeAtomically(dir: string, record: OutboxMessage): Promise<string> {
  const tmp = path.join(dir, `.${record.id}.${process.pid}.tmp`);
  try {
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) record.id = nextStem();
      const file = path.join(dir, `${record.id}.json`);
      await fs.writeFile(tmp, JSON.stringify(record, null, 2) + "\n", "utf8");
      try {
        await fs.link(tmp, file);
        return file;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "EEXIST" && attempt < 5) continue;
        if (code === "EEXIST") throw err;
        // Filesystems without hard links: rename is still atomic.
        await fs.rename(tmp, file);
        return file;
      }
    }
  } finally {
    await fs.unlink(tmp).catch(() => {});
  }
}

export function createOutboxTransport({ dir, from, log = console.log }: OutboxTransportOptions): MailTransport {
  let ensured: Promise<unknown> | undefined;

  async function send(msg: MailMessage): Promise<SendResult> {
    // Take the name before any await so that concurrent sends keep call order.
    const record: OutboxMessage = {
      id: nextStem(),
      to: msg.to,
      from,
      subject: msg.subject,
      html: msg.html,
      text: msg.text,
      headers: msg.headers ?? {},
      createdAt: new Date().toISOString(),
    };
    try {
      ensured ??= fs.mkdir(dir, { recursive: true });
      await ensured;
      const file = await writeAtomically(dir, record);
      log(logLine(msg, file));
      return { ok: true, id: record.id };
    } catch (err) {
      ensured = undefined;
      return { ok: false, error: `outbox write failed: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  return {
    send,
    async sendBatch(msgs) {
      const results: SendResult[] = [];
      for (const msg of msgs) results.push(await send(msg));
      return results;
    },
  };
}

/** The outbox's messages, oldest first (by file name). An absent directory reads as empty. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
  const files = names.filter((n) => FILE_NAME.test(n)).sort();
  return Promise.all(files.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as OutboxMessage));
}
