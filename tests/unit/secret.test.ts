import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deriveKey, readOrCreateSecretFile } from "@/lib/platform/secret";
import { sign, verify } from "@/lib/platform/signing";

const ROOT = "root-secret-root-secret-root-secret-0000";

describe("keys per purpose", () => {
  it("derives a different 256-bit key for each purpose, stable for the same root", () => {
    const keys = (["session", "login-cookie", "email-links"] as const).map((p) => deriveKey(ROOT, p));
    expect(new Set(keys).size).toBe(3);
    for (const k of keys) expect(Buffer.from(k, "base64url")).toHaveLength(32);
    expect(deriveKey(ROOT, "session")).toBe(keys[0]);
    expect(deriveKey(`${ROOT}x`, "session")).not.toBe(keys[0]);
    expect(keys).not.toContain(ROOT);
  });

  it("a MAC made with one purpose's key does not verify with another's", () => {
    const token = sign({ u: "user-1" }, deriveKey(ROOT, "login-cookie"), "x");
    expect(verify(token, deriveKey(ROOT, "login-cookie"), "x")).toEqual({ u: "user-1" });
    expect(verify(token, deriveKey(ROOT, "email-links"), "x")).toBeNull();
    expect(verify(token, ROOT, "x")).toBeNull();
  });
});

describe("the generated dev secret", () => {
  it("is created once, privately, and read back by every later caller", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "limber-secret-")), "sub", "secret");
    const a = readOrCreateSecretFile(file);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(readOrCreateSecretFile(file)).toBe(a);
    expect(readFileSync(file, "utf8")).toBe(a);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("refuses a secret file that is too short, saying what to do", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "limber-secret-")), "secret");
    writeFileSync(file, "short");
    expect(() => readOrCreateSecretFile(file)).toThrow(
      /shorter than 32 characters: delete the file .* or set AUTH_SECRET/,
    );
  });
});
