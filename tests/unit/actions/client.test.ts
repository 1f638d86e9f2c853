// Every server action is made by the one action client (lib/actions/client.ts), so none can skip
// its guard or its input's schema: a new action written by hand fails here.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_CLIENT } from "@/lib/actions/client";

const dir = path.resolve(import.meta.dirname, "../../../lib/actions");
const NOT_ACTIONS = new Set(["client.ts", "types.ts", "form-data.ts"]);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !NOT_ACTIONS.has(f));

describe("the action client", () => {
  it("makes every exported action of lib/actions/ (public, user or admin)", async () => {
    expect(files.length).toBeGreaterThanOrEqual(21);
    for (const file of files) {
      const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
      const actions = Object.entries(mod).filter(([, v]) => typeof v === "function");
      expect(actions.length, file).toBeGreaterThan(0);
      for (const [name, fn] of actions)
        expect((fn as Record<symbol, unknown>)[ACTION_CLIENT], `${file}: ${name}`).toMatch(/^(public|user|admin)$/);
    }
  });

  it("guards the console's actions with the owner's grant", async () => {
    const { deleteUser } = await import("@/lib/actions/delete-user");
    const { toggleUserPause } = await import("@/lib/actions/toggle-user-pause");
    const { readAuditPeople } = await import("@/lib/actions/read-audit-people");
    for (const fn of [deleteUser, toggleUserPause, readAuditPeople])
      expect((fn as unknown as Record<symbol, unknown>)[ACTION_CLIENT]).toBe("admin");
  });
});
