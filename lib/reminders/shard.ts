// Splitting the reminder dispatch into shards: a user belongs to shard `hash(userId) mod count`,
// with a hash every process and every database computes the same way (the first 32 bits of the
// MD5 of the id), so parallel runs split the due rows between them without talking to each other.
// Exactly-once never depends on it: deliveries are claimed per (user, date, slot, round) anyway.
import { createHash } from "node:crypto";

export interface Shard {
  index: number;
  count: number;
}

export const ALL: Shard = { index: 0, count: 1 };

/** "i/n" (0 ≤ i < n ≤ 64) → Shard; throws with a readable message otherwise. */
export function parseShard(text: string): Shard {
  const m = /^(\d{1,2})\/(\d{1,2})$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || count > 64 || index >= count)
    throw new Error(`A shard is "i/n" with 0 ≤ i < n ≤ 64, not "${text}"`);
  return { index, count };
}

/** The shard a user id belongs to among `count` (the same as the SQL below computes). */
export function shardOf(userId: string, count: number): number {
  return createHash("md5").update(userId).digest().readUInt32BE(0) % count;
}

/** SQL condition for "this user's row is in `shard`" on a column holding the user id. */
export function shardSql(column: string, shard: Shard): string {
  if (shard.count === 1) return "TRUE";
  // The first 8 hex digits, zero-padded to 64 bits, read as an (unsigned) bigint.
  return `((('x' || lpad(substr(md5(${column}), 1, 8), 16, '0'))::bit(64)::bigint) % ${shard.count}) = ${shard.index}`;
}
