import { describe, expect, it } from "vitest";
import { rateLimitWaitMs } from "@/lib/mail/resend";
import { parseShard, shardOf } from "@/lib/reminders/shard";

describe("parseShard", () => {
  it("reads i/n and refuses anything else with a readable message", () => {
    expect(parseShard("0/1")).toEqual({ index: 0, count: 1 });
    expect(parseShard(" 3/4 ")).toEqual({ index: 3, count: 4 });
    for (const bad of ["4/4", "1", "a/b", "-1/2", "0/0", "1/65", ""])
      expect(() => parseShard(bad)).toThrow(/A shard is "i\/n"/);
  });

  it("spreads users evenly over the shards", () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOf(`user-${i}`, 4)]! += 1;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(120);
  });
});

describe("rateLimitWaitMs", () => {
  it("follows Retry-After in seconds or as a date, else ratelimit-reset, else one second", () => {
    expect(rateLimitWaitMs({ "retry-after": "2" })).toBe(2000);
    expect(rateLimitWaitMs({ "retry-after": new Date(10_000).toUTCString() }, 7_000)).toBe(3000);
    expect(rateLimitWaitMs({ "ratelimit-reset": "1" })).toBe(1000);
    expect(rateLimitWaitMs({})).toBe(1000);
    expect(rateLimitWaitMs(null)).toBe(1000);
    expect(rateLimitWaitMs({ "retry-after": "0" })).toBe(0);
  });
});
