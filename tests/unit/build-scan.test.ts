// The build scan (scripts/scan-build.mjs) over fixture chunks: it must find the unrewritten import
// Turbopack 16.4 left in lib/calendar/render.ts's loop (the feed's 500), and pass the same chunk
// rewritten, globals, guarded reads and names another chunk declares.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanChunks } from "@/scripts/scan-build.mjs";

const fixture = (name: string) => ({
  name,
  code: readFileSync(path.join(__dirname, "../fixtures/build-scan", name), "utf8"),
});

describe("build scan", () => {
  it("finds an import the bundler left unrewritten in a loop's update clause", () => {
    const findings = scanChunks([fixture("unrewritten-import.js")]);
    expect(findings.map((f) => [f.file, f.name, f.line])).toEqual([["unrewritten-import.js", "addDays", 1]]);
    expect(findings[0]!.snippet).toContain("m=addDays(m,1)");
  });

  it("passes the same chunk with the import read through its module", () => {
    expect(scanChunks([fixture("rewritten-import.js")])).toEqual([]);
  });

  it("knows the globals of JavaScript, Node.js, browsers and workers", () => {
    const code = `module.exports=[1,e=>{let a=new URL(location.href),b=Buffer.from(process.env.X??"");
      self.addEventListener("push",t=>t.waitUntil(clients.matchAll()));return[a,b,structuredClone({}),Intl,Promise,fetch,document]}];`;
    expect(scanChunks([{ name: "globals.js", code }])).toEqual([]);
  });

  it("lets a chunk read what it tests first with typeof or `in globalThis`, and nothing else", () => {
    const guarded = `(function(){if(typeof Deno2!=="undefined")return Deno2.env;return "X"in globalThis&&X.y})();`;
    expect(scanChunks([{ name: "guarded.js", code: guarded }])).toEqual([]);
    const unguarded = `(function(){return Deno2.env})();`;
    expect(scanChunks([{ name: "bare.js", code: unguarded }]).map((f) => f.name)).toEqual(["Deno2"]);
  });

  it("counts a global another chunk declares (a script's top-level var, a bare assignment)", () => {
    const reader = { name: "reader.js", code: "TURBOPACK_ITEMS.push(sharedHelper());" };
    expect(scanChunks([reader]).map((f) => f.name)).toEqual(["TURBOPACK_ITEMS", "sharedHelper"]);
    const declarer = { name: "declarer.js", code: "var TURBOPACK_ITEMS=[];function sharedHelper(){return 1}" };
    expect(scanChunks([reader, declarer])).toEqual([]);
    const assigner = { name: "assigner.js", code: "TURBOPACK_ITEMS=[];sharedHelper=()=>1;" };
    expect(scanChunks([reader, assigner])).toEqual([]);
  });

  it("reads ES module chunks and reports a bare name in them", () => {
    const code = `import{a as b}from"./x.js";export const c=()=>b(formatISO(new Date));`;
    expect(scanChunks([{ name: "module.js", code }]).map((f) => f.name)).toEqual(["formatISO"]);
  });
});
