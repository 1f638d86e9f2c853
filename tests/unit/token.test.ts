import { describe, expect, it } from "vitest";
import {
  createDoneToken,
  createUnsubscribeToken,
  DONE_TOKEN_TTL_MS,
  readDoneToken,
  readUnsubscribeToken,
} from "@/lib/platform/link-tokens";

const secret = "unit-secret-unit-secret-unit-secret-1234";
const claim = { userId: "user-1", localDate: "2026-03-08", slot: 1 };
const scheduledAt = new Date("2026-03-08T15:00:00Z");

describe("I-did-it tokens", () => {
  it("carry the user, local date and slot", () => {
    const t = createDoneToken(claim, scheduledAt, secret);
    expect(readDoneToken(t, secret, scheduledAt)).toEqual({ ok: true, claim });
  });
  it("expire 48 hours after the break", () => {
    const t = createDoneToken(claim, scheduledAt, secret);
    expect(readDoneToken(t, secret, new Date(scheduledAt.getTime() + DONE_TOKEN_TTL_MS - 1)).ok).toBe(true);
    expect(readDoneToken(t, secret, new Date(scheduledAt.getTime() + DONE_TOKEN_TTL_MS + 1))).toEqual({
      ok: false,
      reason: "expired",
    });
  });
  it("reject tampering, another secret and other purposes", () => {
    const t = createDoneToken(claim, scheduledAt, secret);
    const [, mac] = t.split(".");
    const forged = Buffer.from(JSON.stringify({ u: "user-2", d: claim.localDate, s: 1, x: Date.now() + 1e9 })).toString(
      "base64url",
    );
    expect(readDoneToken(`${forged}.${mac}`, secret)).toEqual({ ok: false, reason: "invalid" });
    expect(readDoneToken(t, "another-secret-another-secret-another-s", scheduledAt)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(readDoneToken(createUnsubscribeToken("user-1", secret), secret)).toEqual({ ok: false, reason: "invalid" });
    expect(readDoneToken("", secret)).toEqual({ ok: false, reason: "invalid" });
  });
  it("reject a payload with a bad slot or date even when signed", () => {
    const bad = createDoneToken({ ...claim, slot: 7 }, scheduledAt, secret);
    expect(readDoneToken(bad, secret, scheduledAt)).toEqual({ ok: false, reason: "invalid" });
  });
});

describe("unsubscribe tokens", () => {
  it("name the user and reject other tokens", () => {
    expect(readUnsubscribeToken(createUnsubscribeToken("user-9", secret), secret)).toBe("user-9");
    expect(readUnsubscribeToken(createDoneToken(claim, scheduledAt, secret), secret)).toBeNull();
    expect(readUnsubscribeToken("x.y", secret)).toBeNull();
  });
});
