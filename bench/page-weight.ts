// First-load JavaScript per route, gzip level 9, in KB (1 KB = 1024 bytes).
//
// Next 16 (Turbopack) no longer prints route sizes after `next build`, so this measures them:
// - "html" (the recorded figure; needs the running bench server, see bench/http.ts): fetch the
//   route's HTML as the browser would (signed in where the route needs it), take every
//   /_next/static/**.js it references, both <script src> tags and the client-reference chunk lists
//   in the inline RSC flight data (React loads those while hydrating), minus the `noModule`
//   polyfill that modern browsers skip; download each chunk from the server, gzip it, and sum the
//   unique chunks.
// - "manifest" (a cross-check that needs only the build): build-manifest.json's rootMainFiles plus
//   the entryJSFiles of the route's segments (layouts, page, error/loading boundaries) from
//   server/app/<route>/page_client-reference-manifest.js. It misses chunks that only the flight data
//   pulls in (e.g. a client component shared with the not-found boundary), so it can read lower.
//
// `NODE_ENV=production tsx bench/page-weight.ts` builds .next-bench if the sources changed and prints
// the manifest figures against the targets without starting a server (nothing is recorded then).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { DIST_DIR, ensureBuild, root } from "./server";

export const ROUTES = ["/", "/dashboard", "/settings", "/admin", "/history", "/break/0", "/done", "/snooze"] as const;
export type Route = (typeof ROUTES)[number];
/** Issue 12's targets (KB gzip): the spec's pages and the pages added with the break, history and feed. */
export const TARGET_KB: Record<Route, number> = {
  "/": 150,
  "/dashboard": 150,
  "/settings": 185,
  "/admin": 185,
  "/history": 170,
  "/break/0": 170,
  "/done": 170,
  "/snooze": 170,
};
/** What is fetched for a route (the e-mail link pages need a token; a wrong one loads the same code). */
const FETCH_PATH: Partial<Record<Route, string>> = {
  "/done": "/done?t=bench.token-0000",
  "/snooze": "/snooze?t=bench.token-0000",
};
/** Routes a new visitor opens signed out. */
export const SIGNED_OUT: ReadonlySet<Route> = new Set<Route>(["/", "/done", "/snooze"]);
/** The app route behind a URL, for the manifest method. */
const APP_ROUTE: Partial<Record<Route, string>> = { "/break/0": "/break/[slot]" };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

export interface RouteWeight {
  kb: number | null;
  chunks: number;
  status: number;
  note?: string;
}

// ---- manifest method ---------------------------------------------------------------------------

interface ClientReferenceManifest {
  entryJSFiles?: Record<string, string[]>;
}

function distPath(...parts: string[]) {
  return path.join(root, DIST_DIR, ...parts);
}

/** "/dashboard" -> "/(app)/dashboard/page" (the app path of the page that serves it), or null. */
function appPathFor(route: string): string | null {
  const routes = JSON.parse(readFileSync(distPath("app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  return Object.entries(routes).find(([appPath, r]) => r === route && appPath.endsWith("/page"))?.[0] ?? null;
}

function manifestChunks(route: string): string[] | null {
  const appPath = appPathFor(route);
  if (!appPath) return null;
  const file = distPath("server", "app", `${appPath.slice(1)}_client-reference-manifest.js`);
  if (!existsSync(file)) return null;
  const sandbox = { globalThis: {} as Record<string, unknown> };
  sandbox.globalThis = sandbox as unknown as Record<string, unknown>;
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = (sandbox as unknown as { __RSC_MANIFEST: Record<string, ClientReferenceManifest> }).__RSC_MANIFEST[
    appPath
  ];
  const build = JSON.parse(readFileSync(distPath("build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const chunks = new Set(build.rootMainFiles);
  for (const [segment, files] of Object.entries(manifest?.entryJSFiles ?? {})) {
    // Boundaries that only render when something fails are not part of a normal first load.
    if (/\/(not-found|global-error|forbidden|unauthorized)$/.test(segment)) continue;
    for (const f of files) if (f.endsWith(".js")) chunks.add(f);
  }
  return [...chunks];
}

/** First-load JS from the build manifests alone (no server needed). */
export function manifestWeights(): Record<Route, RouteWeight> {
  const out = {} as Record<Route, RouteWeight>;
  for (const route of ROUTES) {
    const chunks = manifestChunks(APP_ROUTE[route] ?? route);
    if (!chunks) {
      out[route] = { kb: null, chunks: 0, status: 0, note: `${route} is not in this build` };
      continue;
    }
    const bytes = chunks.reduce((sum, c) => sum + gz(readFileSync(distPath(c))), 0);
    out[route] = { kb: kb(bytes), chunks: chunks.length, status: 0 };
  }
  return out;
}

/** The framework's own first-load JS: build-manifest.json's rootMainFiles (Next + React runtime). */
export function frameworkKb(): number {
  const build = JSON.parse(readFileSync(distPath("build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  return kb(build.rootMainFiles.reduce((sum, c) => sum + gz(readFileSync(distPath(c))), 0));
}

// ---- HTML method -------------------------------------------------------------------------------

/** Every first-load JS URL in a page's HTML: script tags and flight-data chunk lists, no noModule. */
export function scriptsInHtml(html: string): string[] {
  const noModule = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    if (/\bnomodule\b/i.test(tag)) {
      const src = /\bsrc="([^"]+)"/i.exec(tag)?.[1];
      if (src) noModule.add(src);
    }
  }
  const all = new Set(html.match(/\/_next\/static\/[A-Za-z0-9_\-.~/]+?\.js\b/g) ?? []);
  return [...all].filter((src) => !noModule.has(src));
}

/**
 * Fetches each route as a browser would on a first visit and weighs the JS it loads. `cookie` is
 * sent for every route but the SIGNED_OUT ones ("/" is the login screen a new visitor gets).
 */
export async function htmlWeights(
  baseUrl: string,
  cookie: string,
): Promise<Record<Route, RouteWeight & { chunkList: string[] }>> {
  const out = {} as Record<Route, RouteWeight & { chunkList: string[] }>;
  const sizes = new Map<string, number>();
  for (const route of ROUTES) {
    const res = await fetch(baseUrl + (FETCH_PATH[route] ?? route), {
      headers: SIGNED_OUT.has(route) ? {} : { cookie },
      redirect: "manual",
    });
    const html = await res.text();
    if (res.status === 404) {
      out[route] = { kb: null, chunks: 0, status: 404, note: `${route} does not exist in this build`, chunkList: [] };
      continue;
    }
    if (res.status !== 200) {
      // Redirected (e.g. /admin without a grant): not what the route itself loads.
      const where = res.headers.get("location");
      out[route] = {
        kb: null,
        chunks: 0,
        status: res.status,
        note: `answered ${res.status}${where ? ` -> ${where}` : ""}`,
        chunkList: [],
      };
      continue;
    }
    const chunks = scriptsInHtml(html);
    let bytes = 0;
    for (const src of chunks) {
      if (!sizes.has(src)) {
        const r = await fetch(baseUrl + src);
        if (r.status !== 200) throw new Error(`${src} answered ${r.status}`);
        sizes.set(src, gz(Buffer.from(await r.arrayBuffer())));
      }
      bytes += sizes.get(src)!;
    }
    out[route] = {
      kb: kb(bytes),
      chunks: chunks.length,
      status: 200,
      chunkList: chunks.map((c) => c.replace("/_next/static/chunks/", "")),
    };
  }
  return out;
}

async function main() {
  await ensureBuild();
  const weights = manifestWeights();
  for (const route of ROUTES) {
    const w = weights[route];
    const verdict =
      w.kb === null
        ? ""
        : w.kb <= TARGET_KB[route]
          ? ` (target ${TARGET_KB[route]}: met)`
          : ` (target ${TARGET_KB[route]}: over by ${Math.round((w.kb - TARGET_KB[route]) * 10) / 10})`;
    console.log(
      `first-load JS (manifest method) ${route}: ${w.kb === null ? `n/a (${w.note})` : `${w.kb} KB gzip in ${w.chunks} chunks${verdict}`}`,
    );
  }
  console.log(`framework (rootMainFiles): ${frameworkKb()} KB gzip`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(root, "bench", "page-weight.ts")) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
