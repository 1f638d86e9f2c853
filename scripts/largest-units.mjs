#!/usr/bin/env node
// The longest functions and components of app/, components/ and lib/ (`npm run units`), by lines
// from their first to their last line, read with TypeScript's parser: a way to see which units have
// grown too long to take in at once. `--top N` (default 10).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const top = Number(process.argv[process.argv.indexOf("--top") + 1]) || 10;

function listTs(dir) {
  let out = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "generated" || entry === "node_modules") continue;
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) out = out.concat(listTs(p));
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/** The name of a function-like node: its own, or the variable or property it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return "(anonymous)";
}

const units = [];
for (const file of ["app", "components", "lib"].flatMap((d) => listTs(path.join(root, d)))) {
  const text = readFileSync(file, "utf8");
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      // Only top-level and exported units and methods: an inner closure is counted in its function.
      const nested = ts.findAncestor(node.parent, (a) => ts.isFunctionLike(a));
      if (!nested) units.push({ name: nameOf(node), file: path.relative(root, file), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
units.sort((a, b) => b.lines - a.lines);
for (const u of units.slice(0, top)) console.log(`${String(u.lines).padStart(5)}  ${u.name}  (${u.file})`);
