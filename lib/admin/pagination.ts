// Keyset pagination for the owner console's two lists. A cursor is the sort key of the last row of
// a page (its time and id), base64url-encoded JSON: opaque to the browser, and checked with zod
// here because it comes back from the browser like any other input.
import { z } from "zod";
import { badRequest } from "@/lib/errors";
import { ADMIN_MESSAGES, AUDIT_ACTIONS } from "./types";

/** Which list a cursor belongs to: a users cursor is refused by the logs call and vice versa. */
export type CursorKind = "users" | "logs";

/** Sort key of the last row of a page: its time (createdAt or timestamp) and id. */
export interface CursorKey {
  at: Date;
  id: string;
}

const MAX_CURSOR_CHARS = 400;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
// User ids (Better Auth) and audit ids (UUIDs) both fit; nothing else reaches a query.
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const payloadSchema = z.tuple([z.enum(["users", "logs"]), z.iso.datetime(), z.string().regex(ID)]);

export function encodeCursor(kind: CursorKind, key: CursorKey): string {
  return Buffer.from(JSON.stringify([kind, key.at.toISOString(), key.id]), "utf8").toString("base64url");
}

/** The key inside a cursor of `kind`; anything else (malformed, tampered, the other list's) is a 400. */
export function decodeCursor(kind: CursorKind, raw: string): CursorKey {
  const invalid = badRequest(ADMIN_MESSAGES.badCursor);
  if (raw.length > MAX_CURSOR_CHARS || !BASE64URL.test(raw)) throw invalid;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  const result = payloadSchema.safeParse(parsed);
  if (!result.success || result.data[0] !== kind) throw invalid;
  const at = new Date(result.data[1]);
  // The format check lets through impossible dates (e.g. February 31st): they would not round-trip.
  if (Number.isNaN(at.getTime()) || at.toISOString() !== result.data[1]) throw invalid;
  return { at, id: result.data[2] };
}

// An empty value counts as absent (`?action=` is "All actions").
const emptyAsAbsent = (v: unknown) => (v === "" ? undefined : v);

const cursorParam = z.preprocess(
  emptyAsAbsent,
  z.string({ error: ADMIN_MESSAGES.badCursor }).max(MAX_CURSOR_CHARS, ADMIN_MESSAGES.badCursor).optional(),
);

export const usersQuerySchema = z.object({ cursor: cursorParam });

export const logsQuerySchema = z.object({
  cursor: cursorParam,
  action: z.preprocess(emptyAsAbsent, z.enum(AUDIT_ACTIONS, { error: ADMIN_MESSAGES.badAction }).optional()),
});

/**
 * Reads a request's query string through a zod object schema; a failure is a 400 with the first
 * reason. A repeated parameter arrives as an array, so it fails a string rule instead of one copy
 * silently winning. Parameters the schema does not name are ignored.
 */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const params = new URL(req.url).searchParams;
  // No prototype: a parameter named `__proto__` stays an ordinary key.
  const raw = Object.create(null) as Record<string, string | string[]>;
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? values[0]! : values;
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}
