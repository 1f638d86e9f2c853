// Issue 33: a "login code requested" entry is written before anyone is signed in, so it keeps only
// the address; the console's log names the account that address belongs to, when there is one.
import { beforeAll, describe, expect, it } from "vitest";
import { listAuditLogs } from "@/lib/admin/console";
import { getDb, type Db } from "@/lib/db";
import { audit } from "@/lib/platform/audit";
import { signIn, uniqueEmail } from "../support/auth";

let db: Db;
beforeAll(async () => {
  db = await getDb();
});

describe("the audit log's login code requests", () => {
  it("name the address's user when there is one, and nobody otherwise", async () => {
    const email = uniqueEmail("audit-name");
    await signIn(email);
    const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const stranger = uniqueEmail("audit-nobody");
    await audit(db, { action: "login_code_requested", ipAddress: "203.0.113.9", details: { email: stranger } });

    const { logs } = await listAuditLogs(db, { action: "login_code_requested", limit: 500 });
    const mine = logs.filter((l) => l.details.email === email);
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine) expect(l.userId).toBe(user.id);
    const theirs = logs.filter((l) => l.details.email === stranger);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.userId).toBeNull();
    // Stored as written: only the console's reading adds the name.
    const stored = await db.auditLog.findMany({
      where: { action: "login_code_requested", details: { path: ["email"], equals: email } },
    });
    expect(stored.every((r) => r.userId === null)).toBe(true);
  });
});
