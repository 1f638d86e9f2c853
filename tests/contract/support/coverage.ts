// The coverage gate's two halves. Every call the suite makes is appended to a file in the run
// directory (one file per worker process, so parallel files never interleave a line); the set that
// must be called is read from the build itself, so a route or action added to the app is required
// the moment it is built, with no list here to forget to update.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type CallRecord =
  | { kind: "route"; method: string; path: string; status: number }
  | { kind: "action"; name: string; status: number; outcome: string };

const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export function callsDir(runDir: string): string {
  return path.join(runDir, "calls");
}

/** Appends one call to this process's record (synchronously: a crash later still leaves it). */
export function recordCall(runDir: string, record: CallRecord): void {
  const dir = callsDir(runDir);
  mkdirSync(dir, { recursive: true });
  appendFileSync(path.join(dir, `${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
}

export function readCalls(runDir: string): CallRecord[] {
  const dir = callsDir(runDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) =>
      readFileSync(path.join(dir, f), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as CallRecord),
    );
}

export interface RequiredRoute {
  /** "/api/admin/users/[id]/delete", as the URL has it (route groups dropped). */
  pattern: string;
  methods: string[];
  regex: RegExp;
  /** Dynamic segments: a static route wins over a dynamic one that also matches. */
  dynamic: number;
}

export interface ServerAction {
  id: string;
  name: string;
  filename: string;
  /** The pages that can run it, as the manifest names them ("app/(app)/settings/page"). */
  workers: string[];
}

/** "/(app)/settings/page" → "/settings": route groups are not part of the URL. */
export function urlPattern(appPath: string): string {
  const p = appPath
    .split("/")
    .filter((s) => s !== "" && !(s.startsWith("(") && s.endsWith(")")))
    .join("/");
  return `/${p}`;
}

function patternRegex(pattern: string): RegExp {
  const body = pattern
    .split("/")
    .map((s) => {
      if (/^\[\[\.\.\.[^\]]+\]\]$/.test(s)) return "?.*";
      if (/^\[\.\.\.[^\]]+\]$/.test(s)) return ".+";
      if (/^\[[^\]]+\]$/.test(s)) return "[^/]+";
      return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${body}$`);
}

// Next's metadata files (app/manifest.ts, robots.ts, sitemap.ts, icons) are built as routes with
// no route.ts of their own; they answer GET only.
const METADATA_ROUTE =
  /\/(manifest\.webmanifest|robots\.txt|sitemap\.xml|favicon\.ico|(icon|apple-icon|opengraph-image|twitter-image)[^/]*)$/;

/** The HTTP methods a route.ts exports: `export const GET`, `export (async) function GET`, `export { x as GET }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  const names = HTTP_METHODS.join("|");
  for (const m of source.matchAll(
    new RegExp(`export\\s+(?:const|let|var|async\\s+function|function)\\s+(${names})\\b`, "g"),
  ))
    found.add(m[1]!);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1]!.split(",")) {
      const exported = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.trim();
      if (exported && (HTTP_METHODS as readonly string[]).includes(exported)) found.add(exported);
    }
  }
  return [...found].sort();
}

/** Every route handler the build serves, with the methods its source exports. Throws when one cannot be read. */
export function requiredRoutes(root: string, distDir: string): RequiredRoute[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "app-paths-manifest.json"), "utf8")) as Record<
    string,
    string
  >;
  return Object.keys(manifest)
    .filter((key) => key.endsWith("/route"))
    .map((key) => {
      const pattern = urlPattern(key.slice(0, -"/route".length));
      const source = ["ts", "tsx", "js", "mjs"]
        .map((ext) => path.join(root, "app", `${key}.${ext}`))
        .find((file) => existsSync(file));
      let methods: string[];
      if (source) methods = exportedMethods(readFileSync(source, "utf8"));
      else if (METADATA_ROUTE.test(pattern)) methods = ["GET"];
      else throw new Error(`the build serves ${pattern} but app${key}.ts is gone: rebuild, or restore the source`);
      if (methods.length === 0) throw new Error(`no exported HTTP method found in ${path.relative(root, source!)}`);
      return { pattern, methods, regex: patternRegex(pattern), dynamic: (pattern.match(/\[/g) ?? []).length };
    })
    .sort((a, b) => a.dynamic - b.dynamic || a.pattern.localeCompare(b.pattern));
}

/** Every server action in the build (Node runtime and Edge). */
export function serverActions(distDir: string): ServerAction[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node?: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
    edge?: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>;
  };
  return Object.entries({ ...manifest.edge, ...manifest.node }).map(([id, entry]) => ({
    id,
    name: entry.exportedName ?? id,
    filename: entry.filename ?? "",
    workers: Object.keys(entry.workers),
  }));
}

/** The route pattern a concrete path is served by, or undefined for a page. */
export function routeOf(routes: readonly RequiredRoute[], urlPath: string): RequiredRoute | undefined {
  const pathname = urlPath.split("?")[0]!;
  return routes.find((r) => r.regex.test(pathname));
}

export interface CoverageReport {
  missing: string[];
  covered: string[];
  serverErrors: string[];
}

/** What was required and never called, what was, and every call answered with a 5xx. */
export function coverageReport(root: string, distDir: string, calls: readonly CallRecord[]): CoverageReport {
  const routes = requiredRoutes(root, distDir);
  const actions = serverActions(distDir);
  const called = new Set<string>();
  const serverErrors: string[] = [];
  for (const c of calls) {
    if (c.kind === "route") {
      const r = routeOf(routes, c.path);
      if (r) called.add(`${c.method} ${r.pattern}`);
      if (c.status >= 500) serverErrors.push(`${c.method} ${c.path} → ${c.status}`);
    } else {
      called.add(`action ${c.name}`);
      if (c.status >= 500 || /^error 5/.test(c.outcome))
        serverErrors.push(`action ${c.name} → ${c.status} ${c.outcome}`);
    }
  }
  const required = [
    ...routes.flatMap((r) => r.methods.map((m) => `${m} ${r.pattern}`)),
    ...actions.map((a) => `action ${a.name}`),
  ];
  return {
    missing: required.filter((k) => !called.has(k)),
    covered: required.filter((k) => called.has(k)),
    serverErrors,
  };
}
