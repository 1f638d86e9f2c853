#!/usr/bin/env node
// The build scan (`npm run scan`, run after `next build`): parses every emitted server and client
// chunk and fails when one reads a name that nothing declares. Why: users run the bundle, not the
// source, and a bundler that forgets to rewrite an import leaves a bare name that only throws when
// that line runs (Turbopack left `addDays` in a for-loop's update clause: the calendar feed answered
// 500 while every test of the source passed). A name counts as declared when the chunk declares it,
// when it is a JavaScript, Node.js, browser or worker global, when some chunk of the build makes it a
// global (a script's top-level declaration or a bare assignment), or when the chunk tests it with
// `typeof` or `"name" in globalThis` (code that checks before it reads).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as eslintScope from "eslint-scope";
import * as espree from "espree";
import globals from "globals";

/** Globals of the runtimes Limber's chunks run in: Node.js, browsers and the service worker. */
const KNOWN_GLOBALS = new Set([
  ...Object.keys(globals.builtin),
  ...Object.keys(globals.es2025 ?? {}),
  ...Object.keys(globals.node),
  ...Object.keys(globals.commonjs),
  ...Object.keys(globals.browser),
  ...Object.keys(globals.worker),
  ...Object.keys(globals.serviceworker),
  // Other runtimes' and old browsers' globals, read by libraries only after detecting that runtime
  // (Better Auth and the AI SDK look for Deno and Bun; core-js tries IE's ActiveXObject in a try).
  "Deno",
  "Bun",
  "ActiveXObject",
]);

function parse(code) {
  const options = { ecmaVersion: "latest", range: true, loc: true, ecmaFeatures: { jsx: false, globalReturn: true } };
  // Server chunks are CommonJS or scripts; a few client chunks are modules (import/export).
  for (const sourceType of ["script", "module"]) {
    try {
      const ast = espree.parse(code, {
        ...options,
        sourceType,
        ecmaFeatures: { ...options.ecmaFeatures, globalReturn: sourceType === "script" },
      });
      return { ast, sourceType };
    } catch (error) {
      if (sourceType === "module") throw error;
    }
  }
  throw new Error("unreachable");
}

const GLOBAL_OBJECTS = new Set(["globalThis", "self", "window", "global"]);

/** Names the code tests with `typeof name` or `"name" in globalThis` (anywhere): reading them is guarded. */
function typeofNames(ast) {
  const names = new Set();
  const visit = (node) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type === "UnaryExpression" && node.operator === "typeof" && node.argument.type === "Identifier")
      names.add(node.argument.name);
    // `"name" in globalThis` (or self, window): the same check written another way.
    if (
      node.type === "BinaryExpression" &&
      node.operator === "in" &&
      node.left.type === "Literal" &&
      typeof node.left.value === "string" &&
      node.right.type === "Identifier" &&
      GLOBAL_OBJECTS.has(node.right.name)
    )
      names.add(node.left.value);
    for (const key of Object.keys(node)) {
      if (key === "parent" || key === "loc" || key === "range") continue;
      const value = node[key];
      if (Array.isArray(value)) for (const v of value) visit(v);
      else if (value && typeof value === "object") visit(value);
    }
  };
  visit(ast);
  return names;
}

/**
 * One chunk's undeclared reads (before the build-wide globals are known) and the globals it
 * declares itself (top-level `var`/`function` of a script, bare assignments).
 */
export function analyzeChunk(code) {
  const { ast, sourceType } = parse(code);
  const manager = eslintScope.analyze(ast, {
    ecmaVersion: 2022,
    sourceType,
    nodejsScope: false,
    childVisitorKeys: espree.VisitorKeys,
  });
  const global = manager.globalScope;
  const declares = new Set(sourceType === "script" ? global.variables.map((v) => v.name) : []);
  const guarded = typeofNames(ast);
  const reads = [];
  for (const ref of global.through) {
    const name = ref.identifier.name;
    if (ref.isWrite() && !ref.isRead()) {
      declares.add(name);
      continue;
    }
    if (guarded.has(name)) continue;
    reads.push({
      name,
      line: ref.identifier.loc.start.line,
      column: ref.identifier.loc.start.column,
      index: ref.identifier.range[0],
    });
  }
  return { reads, declares };
}

/** The reads of `files` ({ name, code }) that nothing declares, each with a piece of the code around it. */
export function scanChunks(files, extraGlobals = []) {
  const analyzed = files.map((f) => ({ ...f, ...analyzeChunk(f.code) }));
  const declared = new Set([...KNOWN_GLOBALS, ...extraGlobals]);
  for (const a of analyzed) for (const name of a.declares) declared.add(name);
  const findings = [];
  for (const a of analyzed) {
    for (const r of a.reads) {
      if (declared.has(r.name)) continue;
      const snippet = a.code.slice(Math.max(0, r.index - 60), r.index + 60).replace(/\s+/g, " ");
      findings.push({ file: a.name, name: r.name, line: r.line, column: r.column, snippet });
    }
  }
  return findings;
}

function listJs(dir) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const entry of entries) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) out = out.concat(listJs(p));
    else if (entry.endsWith(".js") || entry.endsWith(".mjs") || entry.endsWith(".cjs")) out.push(p);
  }
  return out;
}

/** Every emitted chunk of a build folder: its server code and its browser code (not the cache). */
export function buildChunks(distDir) {
  return [...listJs(path.join(distDir, "server")), ...listJs(path.join(distDir, "static"))];
}

function main() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const distDir = path.resolve(root, process.argv[2] ?? process.env.NEXT_DIST_DIR ?? ".next");
  const files = buildChunks(distDir);
  if (files.length === 0) {
    console.error(`[scan] no build in ${path.relative(root, distDir) || "."}: run \`npm run build\` first.`);
    process.exit(1);
  }
  const started = Date.now();
  // The service worker is served as it is written (public/sw.js): it is checked too.
  const chunks = [...files, path.join(root, "public", "sw.js")].map((file) => ({
    name: path.relative(root, file),
    code: readFileSync(file, "utf8"),
  }));
  const findings = scanChunks(chunks);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (findings.length === 0) {
    console.log(
      `[scan] ${chunks.length} chunks of ${path.relative(root, distDir)}: every name read is declared (${seconds} s).`,
    );
    return;
  }
  console.error(
    `[scan] ${findings.length} read(s) of names nothing declares, in ${new Set(findings.map((f) => f.file)).size} chunk(s):`,
  );
  for (const f of findings) console.error(`  ${f.file}:${f.line}:${f.column}  ${f.name}\n      …${f.snippet}…`);
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
