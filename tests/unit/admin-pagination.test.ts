// The owner console's opaque cursors and query strings (lib/admin/pagination.ts).
import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, logsQuerySchema, parseQuery, usersQuerySchema } from "@/lib/admin/pagination";
import { AppError } from "@/lib/errors";

const at = new Date("2026-11-23T10:00:00.123Z");
const req = (query: string) => new Request(`http://localhost/api/admin/logs${query}`);

function rejection(fn: () => unknown) {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? { status: error.status, message: error.publicMessage } : error;
  }
  throw new Error("did not throw");
}

describe("cursors", () => {
  it("round-trip the sort key, are base64url and tied to their list", () => {
    const c = encodeCursor("logs", { at, id: "1b4e28ba-2fa1-11d2-883f-0016d3cca427" });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor("logs", c)).toEqual({ at, id: "1b4e28ba-2fa1-11d2-883f-0016d3cca427" });
    expect(rejection(() => decodeCursor("users", c))).toEqual({
      status: 400,
      message: "Invalid page cursor: reload the list and try again.",
    });
  });

  it.each([
    ["empty", ""],
    ["not base64url", "abc+/="],
    ["not JSON", Buffer.from("hello").toString("base64url")],
    ["an object", Buffer.from(JSON.stringify({ at: at.toISOString(), id: "x" })).toString("base64url")],
    [
      "an impossible date",
      Buffer.from(JSON.stringify(["logs", "2026-02-30T00:00:00.000Z", "x"])).toString("base64url"),
    ],
    [
      "a date without milliseconds",
      Buffer.from(JSON.stringify(["logs", "2026-02-03T00:00:00Z", "x"])).toString("base64url"),
    ],
    ["an id with quotes", Buffer.from(JSON.stringify(["logs", at.toISOString(), "x'--"])).toString("base64url")],
    ["too long", "A".repeat(401)],
  ])("refuse %s with a 400", (_what, raw) => {
    expect(rejection(() => decodeCursor("logs", raw))).toMatchObject({ status: 400 });
  });
});

describe("query strings", () => {
  it("read the cursor and a known action; empty counts as absent; unknown parameters are ignored", () => {
    expect(parseQuery(req("?action=admin_user_paused&x=1"), logsQuerySchema)).toEqual({ action: "admin_user_paused" });
    expect(parseQuery(req("?action=&cursor="), logsQuerySchema)).toEqual({});
    expect(parseQuery(req(""), usersQuerySchema)).toEqual({});
    expect(parseQuery(req("?__proto__=x&cursor=abc"), usersQuerySchema)).toEqual({ cursor: "abc" });
  });

  it("refuse an unknown action and repeated parameters", () => {
    expect(rejection(() => parseQuery(req("?action=admin user paused"), logsQuerySchema))).toEqual({
      status: 400,
      message: "Unknown audit action",
    });
    expect(rejection(() => parseQuery(req("?action=logout&action=logout"), logsQuerySchema))).toMatchObject({
      status: 400,
    });
    expect(rejection(() => parseQuery(req("?cursor=a&cursor=b"), usersQuerySchema))).toMatchObject({ status: 400 });
  });
});
