// The tree's layout (README "Project layout"; scripts/folder-graph.mjs draws it): lib/ is one folder
// per capability over shared plumbing (lib/platform) and the foundations (db, env, errors, zod).
// Capability folders may build on one another in one direction only, plumbing builds on no
// capability, and lib/ never reaches up into the pages (app/) or the browser's code (components/).
import { describe, expect, it } from "vitest";
import { folderGraph, importsOfLib, mutualPairs } from "@/scripts/folder-graph.mjs";

const graph = folderGraph(importsOfLib());
/** Foundations every folder may use; they use nothing but each other. */
const FOUNDATIONS = new Set(["db", "env", "errors", "zod", "brand", "utils", "generated"]);
const PLUMBING = "platform";

describe("lib/'s layout", () => {
  it("no two folders import each other", () => {
    expect(mutualPairs(graph)).toEqual([]);
  });

  it("the shared plumbing (lib/platform) builds on foundations only, never on a capability", () => {
    const uses = Object.keys(graph[PLUMBING] ?? {}).filter((f) => !FOUNDATIONS.has(f));
    expect(uses).toEqual([]);
  });

  it("the foundations build on nothing but the foundations", () => {
    for (const f of FOUNDATIONS)
      expect(
        Object.keys(graph[f] ?? {}).filter((t) => !FOUNDATIONS.has(t)),
        f,
      ).toEqual([]);
  });

  it("lib/ never imports the pages, the browser's components or the tests", () => {
    const up = Object.entries(graph).flatMap(([from, outs]) =>
      Object.keys(outs)
        .filter((to) => ["app", "components", "tests", "bench", "scripts"].includes(to))
        .map((to) => `${from} → ${to}`),
    );
    expect(up).toEqual([]);
  });

  it("catches a folder that imports another's module while that one imports it back", () => {
    // The rule's own check, on a made-up graph: the test above must be able to fail.
    const cyclic = folderGraph([
      { from: "lib/users/account.ts", to: "lib/progress/streak" },
      { from: "lib/progress/streak.ts", to: "lib/users/settings-store" },
    ]);
    expect(mutualPairs(cyclic)).toEqual([["progress", "users"]]);
  });
});
