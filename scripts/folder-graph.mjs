#!/usr/bin/env node
// The folder graph of lib/ (`npm run graph`): which capability folder imports which, by counting the
// import and export-from statements of every .ts/.tsx file (TypeScript's own pre-processor reads
// them, so strings and comments never count). A folder is lib/<name>/ (or lib/<name>.ts for a
// single-file module); imports of components/, app/ and emails/ from lib/ are listed as such.
// `--json` prints the graph for tests (tests/unit/layout.test.ts); otherwise a readable summary:
// the edges, the pairs of folders that import each other, and lib/'s arrows out of lib/.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** Every .ts/.tsx file under `dir` (no declarations, generated code or packages). */
export function listTs(dir) {
  let out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "generated" || entry === "node_modules") continue;
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) out = out.concat(listTs(p));
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** "lib/auth/login.ts" → "auth"; "lib/http.ts" → "http"; anything outside lib/ → its top folder. */
export function folderOf(rel) {
  const parts = rel.split("/");
  if (parts[0] !== "lib") return parts[0];
  return parts.length === 2 ? parts[1].replace(/\.(ts|tsx)$/, "") : parts[1];
}

function resolveSpecifier(fromRel, spec) {
  if (spec.startsWith("@/")) return spec.slice(2);
  if (spec.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(fromRel), spec));
  return null; // a package
}

/** Every lib/ file's imports of other project files: [{ from, to }] as paths relative to the root. */
export function importsOfLib() {
  const files = listTs(path.join(root, "lib"));
  const edges = [];
  for (const file of files) {
    const rel = path.relative(root, file).split(path.sep).join("/");
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const imp of info.importedFiles) {
      const to = resolveSpecifier(rel, imp.fileName);
      if (to && !to.startsWith("lib/generated")) edges.push({ from: rel, to });
    }
  }
  return edges;
}

/** Folder → folder → number of import statements. */
export function folderGraph(edges = importsOfLib()) {
  const graph = {};
  for (const { from, to } of edges) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (a === b) continue;
    graph[a] ??= {};
    graph[a][b] = (graph[a][b] ?? 0) + 1;
  }
  return graph;
}

/** Pairs of lib/ folders that import each other. */
export function mutualPairs(graph) {
  const pairs = [];
  for (const [a, outs] of Object.entries(graph))
    for (const b of Object.keys(outs)) if (a < b && graph[b]?.[a]) pairs.push([a, b]);
  return pairs;
}

function main() {
  const graph = folderGraph();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(graph, null, 2));
    return;
  }
  const outside = new Set(["components", "app", "emails", "tests", "bench", "scripts"]);
  let edges = 0;
  for (const [a, outs] of Object.entries(graph).sort()) {
    const list = Object.entries(outs).sort(([x], [y]) => x.localeCompare(y));
    edges += list.length;
    console.log(`${a.padEnd(16)} → ${list.map(([b, n]) => `${b}${n > 1 ? ` (${n})` : ""}`).join(", ")}`);
  }
  const pairs = mutualPairs(graph);
  console.log(`\n${Object.keys(graph).length} folders, ${edges} folder-to-folder edges`);
  console.log(`folders importing each other: ${pairs.length ? pairs.map((p) => p.join(" ↔ ")).join(", ") : "none"}`);
  const up = Object.entries(graph).flatMap(([a, outs]) =>
    Object.keys(outs)
      .filter((b) => outside.has(b))
      .map((b) => `${a} → ${b}`),
  );
  console.log(`lib/ importing outside lib/: ${up.length ? up.join(", ") : "none"}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
