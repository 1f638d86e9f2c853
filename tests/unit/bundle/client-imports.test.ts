// What a browser page loads up front is what its "use client" modules import statically. zod (about
// 60 KB) is for the server's boundary and for the forms, which load their schema on demand
// (`schema: () => import(...)`): a client module that reaches it by a static import puts it in
// the first-load JavaScript of every page that shows it. The exercise menu's reason labels did, and
// the dashboard's script evaluation grew by a fifth (issue 33's A/B). Type-only imports are erased,
// so they do not count.
import { readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listTs } from "@/scripts/folder-graph.mjs";

const root = path.resolve(__dirname, "../../..");

/** A file's static, value-carrying imports (and re-exports): specifiers as written. */
function staticValueImports(source: string): string[] {
  const file = ts.createSourceFile("x.tsx", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const out: string[] = [];
  for (const st of file.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause && !clause.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes && named.elements.length > 0) continue;
      out.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      if (!st.isTypeOnly) out.push(st.moduleSpecifier.text);
    }
  }
  return out;
}

function resolve(fromFile: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(fromFile), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** The chain of static imports from `start` to a module importing zod, or null. */
function pathToZod(start: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    const rel = path.relative(root, file);
    if (rel === path.join("lib", "zod.ts")) return [...trail, rel];
    const source = readFileSync(file, "utf8");
    // A server action's module stays on the server: the browser gets a reference to call it by.
    if (trail.length > 0 && USE_SERVER.test(source)) return null;
    for (const spec of staticValueImports(source)) {
      if (spec === "zod" || spec.startsWith("zod/")) return [...trail, rel, spec];
      const next = resolve(file, spec);
      const found = next && walk(next, [...trail, rel]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, []);
}

const USE_SERVER = /^\s*(?:\/\/[^\n]*\n\s*)*["']use server["']/;

const clientModules = [...listTs(path.join(root, "components")), ...listTs(path.join(root, "app"))].filter((f) =>
  /^\s*["']use client["']/.test(readFileSync(f, "utf8")),
);

describe("the browser's first-load JavaScript", () => {
  it("no client module reaches zod by a static import (forms load their schema on demand)", () => {
    const offenders = clientModules.flatMap((f) => {
      const chain = pathToZod(f);
      return chain ? [chain.join(" → ")] : [];
    });
    expect(clientModules.length).toBeGreaterThan(20);
    expect(offenders).toEqual([]);
  });

  it("reads type-only imports as erased and everything else as loaded", () => {
    expect(
      staticValueImports(
        [
          'import type { A } from "a";',
          'import { type B } from "b";',
          'import { type C, d } from "c";',
          'import * as z from "zod";',
          'export { e } from "e";',
          'export type { F } from "f";',
          'const lazy = () => import("g");',
        ].join("\n"),
      ),
    ).toEqual(["c", "zod", "e"]);
  });
});
