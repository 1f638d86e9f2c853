// The day's plan: for each reminder slot, the exercises that the dashboard, the guided break and
// the e-mail all show. Whichever asks first (the dispatch or the dashboard) makes it, once per user
// and local date: the first asker claims the day's row with a lease, asks the suggester (at most
// one model call), and stores the answer; anyone asking meanwhile waits for it. When the settings
// it was made from change (duration, intensity, preferences), it is remade on the next ask, except
// for the slots already e-mailed or done: those keep the exercises the user saw.
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db";
import type { BreakDuration, Intensity, Suggestion } from "@/lib/exercises/library";
import { feedbackForPlans } from "@/lib/exercises/feedback";
import { sanitizePreferences, SLOTS_PER_DAY, type Suggester } from "@/lib/exercises/suggest";

export interface PlanSettings {
  prefs: string;
  intensity: Intensity;
  durationMinutes: BreakDuration;
}

export interface PlanRequest {
  userId: string;
  localDate: string;
  settings: PlanSettings;
}

export interface PlanDeps {
  db: Db;
  suggest: Suggester;
  now?: () => Date;
  /** How long a claim may take before another asker takes over (longer than a model call). */
  leaseMs?: number;
  /** Poll interval while another asker makes the plan. */
  pollMs?: number;
}

/** What a plan was made from: a change here remakes the plan's open slots. */
export function planFingerprint({ prefs, intensity, durationMinutes }: PlanSettings): string {
  const p = createHash("sha256").update(sanitizePreferences(prefs)).digest("base64url").slice(0, 16);
  return `${durationMinutes}|${intensity}|${p}`;
}

const keyOf = (userId: string, localDate: string) => `${userId}|${localDate}`;

interface Row {
  userId: string;
  localDate: string;
  fingerprint: string;
  slots: unknown;
  status: string;
  leaseMs: number | null;
}

/** Stored slots, if the row is ready, made from these settings and well formed. */
export function readySlots(
  row: Pick<Row, "status" | "fingerprint" | "slots"> | undefined,
  fingerprint: string,
): Suggestion[] | null {
  if (!row || row.status !== "ready" || row.fingerprint !== fingerprint) return null;
  const slots = typeof row.slots === "string" ? (JSON.parse(row.slots) as unknown) : row.slots;
  if (!Array.isArray(slots) || slots.length !== SLOTS_PER_DAY) return null;
  for (const s of slots as Suggestion[]) {
    if (!s || (s.source !== "ai" && s.source !== "library") || !Array.isArray(s.exercises) || s.exercises.length === 0)
      return null;
  }
  return slots as Suggestion[];
}

async function readRows(db: Db, keys: { u: string; d: string }[]): Promise<Map<string, Row>> {
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT p."userId", p."localDate", p."fingerprint", p."slots", p."status",
            (EXTRACT(EPOCH FROM p."leaseUntil") * 1000)::float8 AS "leaseMs"
     FROM "daily_plans" p JOIN jsonb_to_recordset($1::jsonb) AS x(u text, d text) ON p."userId" = x.u AND p."localDate" = x.d`,
    JSON.stringify(keys),
  );
  return new Map(rows.map((r) => [keyOf(r.userId, r.localDate), r]));
}

/**
 * Claims the days this asker will make: new rows, rows made from other settings, and rows whose
 * maker's lease ran out. One statement; a row another asker holds is not returned.
 */
async function claim(
  db: Db,
  items: { u: string; d: string; f: string; r: boolean }[],
  now: Date,
  leaseMs: number,
): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  // A ready row of the same settings that cannot be read (damaged by hand, an old format) is remade.
  const repairs = items.filter((i) => i.r);
  const repaired =
    repairs.length === 0
      ? []
      : await db.$queryRawUnsafe<{ userId: string; localDate: string }[]>(
          `UPDATE "daily_plans" AS p SET "status" = 'pending', "leaseUntil" = $2::timestamp, "updatedAt" = $3::timestamp
           FROM jsonb_to_recordset($1::jsonb) AS x(u text, d text, f text)
           WHERE p."userId" = x.u AND p."localDate" = x.d AND p."fingerprint" = x.f AND p."status" = 'ready'
           RETURNING p."userId", p."localDate"`,
          JSON.stringify(repairs),
          new Date(now.getTime() + leaseMs).toISOString(),
          now.toISOString(),
        );
  const rows = await db.$queryRawUnsafe<{ userId: string; localDate: string }[]>(
    `INSERT INTO "daily_plans" ("userId", "localDate", "fingerprint", "slots", "status", "leaseUntil", "updatedAt")
     SELECT x.u, x.d, x.f, '[]'::jsonb, 'pending', $2::timestamp, $3::timestamp FROM jsonb_to_recordset($1::jsonb) AS x(u text, d text, f text)
     ON CONFLICT ("userId", "localDate") DO UPDATE
       SET "fingerprint" = EXCLUDED."fingerprint", "status" = 'pending', "leaseUntil" = EXCLUDED."leaseUntil", "updatedAt" = EXCLUDED."updatedAt"
       WHERE ("daily_plans"."status" = 'ready' AND "daily_plans"."fingerprint" <> EXCLUDED."fingerprint")
          OR ("daily_plans"."status" = 'pending' AND "daily_plans"."leaseUntil" < $3::timestamp)
     RETURNING "userId", "localDate"`,
    JSON.stringify(items.filter((i) => !i.r)),
    new Date(now.getTime() + leaseMs).toISOString(),
    now.toISOString(),
  );
  return new Set([...rows, ...repaired].map((r) => keyOf(r.userId, r.localDate)));
}

/**
 * Slots that must not change: e-mailed (the delivery keeps what it carried) or done (the plan's
 * previous exercises, which the user saw).
 */
async function keptSlots(
  db: Db,
  keys: { u: string; d: string }[],
  previous: Map<string, Row>,
): Promise<Map<string, Map<number, Suggestion>>> {
  const kept = new Map<string, Map<number, Suggestion>>();
  if (keys.length === 0) return kept;
  const put = (k: string, slot: number, s: Suggestion) => {
    if (!kept.has(k)) kept.set(k, new Map());
    if (!kept.get(k)!.has(slot)) kept.get(k)!.set(slot, s);
  };
  const json = JSON.stringify(keys);
  const sent = await db.$queryRawUnsafe<{ userId: string; localDate: string; slot: number; suggestion: unknown }[]>(
    `SELECT d."userId", d."localDate", d."slot", d."suggestion" FROM "deliveries" d
     JOIN jsonb_to_recordset($1::jsonb) AS x(u text, d text) ON d."userId" = x.u AND d."localDate" = x.d
     WHERE d."round" = 0 AND d."suggestion" IS NOT NULL AND d."status" IN ('sent', 'sending')`,
    json,
  );
  for (const r of sent) {
    const s =
      typeof r.suggestion === "string" ? (JSON.parse(r.suggestion) as Suggestion) : (r.suggestion as Suggestion);
    if (s && Array.isArray(s.exercises)) put(keyOf(r.userId, r.localDate), Number(r.slot), s);
  }
  const done = await db.$queryRawUnsafe<{ userId: string; localDate: string; slot: number }[]>(
    `SELECT b."userId", b."localDate", b."slot" FROM "breaks" b
     JOIN jsonb_to_recordset($1::jsonb) AS x(u text, d text) ON b."userId" = x.u AND b."localDate" = x.d
     WHERE b."completedAt" IS NOT NULL`,
    json,
  );
  for (const r of done) {
    const k = keyOf(r.userId, r.localDate);
    const prev = previous.get(k);
    const slots =
      prev && prev.status === "ready" ? (typeof prev.slots === "string" ? JSON.parse(prev.slots) : prev.slots) : null;
    const s = Array.isArray(slots) ? (slots[Number(r.slot)] as Suggestion | undefined) : undefined;
    if (s) put(k, Number(r.slot), s);
  }
  return kept;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The plans for these user-days (key `userId|localDate` → a suggestion per slot), made where
 * missing or out of date. Safe to call concurrently from any number of processes.
 */
export async function ensurePlans(deps: PlanDeps, requests: PlanRequest[]): Promise<Map<string, Suggestion[]>> {
  const { db, suggest } = deps;
  const now = deps.now ?? (() => new Date());
  const leaseMs = deps.leaseMs ?? 30_000;
  const pollMs = deps.pollMs ?? 150;
  const out = new Map<string, Suggestion[]>();
  const wanted = new Map<string, PlanRequest & { fingerprint: string }>();
  for (const r of requests)
    wanted.set(keyOf(r.userId, r.localDate), { ...r, fingerprint: planFingerprint(r.settings) });

  let open = [...wanted.values()];
  while (open.length > 0) {
    const keys = open.map((r) => ({ u: r.userId, d: r.localDate }));
    const rows = await readRows(db, keys);
    const toMake: typeof open = [];
    for (const r of open) {
      const slots = readySlots(rows.get(keyOf(r.userId, r.localDate)), r.fingerprint);
      if (slots) out.set(keyOf(r.userId, r.localDate), slots);
      else toMake.push(r);
    }
    const repair = (r: (typeof open)[number]) => {
      const row = rows.get(keyOf(r.userId, r.localDate));
      return row?.status === "ready" && row.fingerprint === r.fingerprint;
    };
    const claimed = await claim(
      db,
      toMake.map((r) => ({ u: r.userId, d: r.localDate, f: r.fingerprint, r: repair(r) })),
      now(),
      leaseMs,
    );
    const mine = toMake.filter((r) => claimed.has(keyOf(r.userId, r.localDate)));
    if (mine.length > 0) {
      // Only a plan that existed can have slots to keep (a day's first plan is made before its e-mails).
      const remade = mine.filter((r) => rows.has(keyOf(r.userId, r.localDate)));
      const kept = await keptSlots(
        db,
        remade.map((r) => ({ u: r.userId, d: r.localDate })),
        rows,
      );
      // What the users said about single exercises (issue 33): not-for-me ones left out, liked favoured.
      const feedback = await feedbackForPlans(
        db,
        mine.map((r) => r.userId),
      );
      const made = await Promise.all(
        mine.map(async (r) => {
          const k = keyOf(r.userId, r.localDate);
          const said = feedback.get(r.userId);
          const fresh = await suggest({
            userId: r.userId,
            localDate: r.localDate,
            ...r.settings,
            ...(said && { feedback: said }),
          });
          const slots = fresh.map((s, slot) => kept.get(k)?.get(slot) ?? s);
          out.set(k, slots);
          return { u: r.userId, d: r.localDate, f: r.fingerprint, s: slots };
        }),
      );
      // Only rows still held for this fingerprint are written (a newer settings change wins).
      await db.$executeRawUnsafe(
        `UPDATE "daily_plans" AS p SET "slots" = x.s, "status" = 'ready', "leaseUntil" = NULL, "updatedAt" = $2::timestamp
         FROM jsonb_to_recordset($1::jsonb) AS x(u text, d text, f text, s jsonb)
         WHERE p."userId" = x.u AND p."localDate" = x.d AND p."fingerprint" = x.f AND p."status" = 'pending'`,
        JSON.stringify(made),
        now().toISOString(),
      );
    }
    // Held by another asker: wait for its answer (or for its lease to run out, then take over).
    open = toMake.filter((r) => !claimed.has(keyOf(r.userId, r.localDate)));
    if (open.length > 0) await sleep(pollMs);
  }
  return out;
}

/**
 * Replaces one slot's suggestion in a ready plan made from `fingerprint`, only if that slot still
 * holds `expected` (a concurrent swap or remake wins: false). The dashboard's Swap (lib/breaks/swap.ts).
 */
export async function replacePlanSlot(
  db: Db,
  key: { userId: string; localDate: string; fingerprint: string },
  slot: number,
  expected: Suggestion,
  next: Suggestion,
  now = new Date(),
): Promise<boolean> {
  const updated = await db.$executeRawUnsafe(
    `UPDATE "daily_plans" SET "slots" = jsonb_set("slots", ARRAY[$4::text], $6::jsonb), "updatedAt" = $7::timestamp
     WHERE "userId" = $1 AND "localDate" = $2 AND "fingerprint" = $3 AND "status" = 'ready'
       AND "slots" -> $8::int = $5::jsonb`,
    key.userId,
    key.localDate,
    key.fingerprint,
    String(slot),
    JSON.stringify(expected),
    JSON.stringify(next),
    now.toISOString(),
    slot,
  );
  return updated === 1;
}

/** One user-day's plan (see ensurePlans). */
export async function ensurePlan(deps: PlanDeps, request: PlanRequest): Promise<Suggestion[]> {
  return (await ensurePlans(deps, [request])).get(keyOf(request.userId, request.localDate))!;
}
