#!/usr/bin/env node
// The production server behind `npm start`: Next.js's request handler on a plain Node HTTP server.
// Why not `next start`: under it a route handler cannot know the TCP peer's address (Next only
// fills X-Forwarded-For when the client did not send one, so any client can choose its own).
// Here every request carries the peer address in a header whose name is random per process
// (LIMBER_PEER_HEADER), so no client can set it; lib/http.ts clientIp reads it when TRUST_PROXY=none.
// This file also answers what Next.js cannot (docs/security.md): methods it does not serve and
// paths that are not valid percent-encoding, and it sets the connection timeouts.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT || 3000);
process.env.NODE_ENV = "production";
const peerHeader = `x-limber-peer-${randomBytes(12).toString("hex")}`;
process.env.LIMBER_PEER_HEADER = peerHeader;
// lib/env.ts's rule: without TRUST_PROXY (and off Vercel, where this file does not run) no proxy is trusted.
const trustsProxy = !["", "none"].includes((process.env.TRUST_PROXY ?? "").trim());
// Without a trusted proxy these are the client's own words: Next fills them from the socket instead,
// so its server-action origin check never compares against a host the client chose.
const FORWARDED = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-forwarded-for", "forwarded"];

// The methods Next.js serves. Anything else (TRACE, TRACK, PROPFIND, ...) is answered here: Next
// throws on the ones fetch forbids (a 500 and a stack in the log for every `TRACE /`).
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

// Each request's own state, which the app reaches through globalThis (lib/errors.ts). Next.js gives
// every request that threw 500: a page that failed because the database is away is answered 503
// with Retry-After (the error page itself says what happened), and a server action whose body
// Next.js could not read 400 or 413.
const requestState = new AsyncLocalStorage();
globalThis[Symbol.for("limber.request-state")] = requestState;

const app = next({ dev: false, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// The headers every non-page answer carries (next.config.ts headers() as the build wrote them:
// security headers and the static CSP), for the answers this file makes itself.
const distDir = process.env.NEXT_DIST_DIR || ".next";
const manifest = JSON.parse(readFileSync(path.join(root, distDir, "routes-manifest.json"), "utf8"));
const plainHeaders = Object.fromEntries(manifest.headers.flatMap((rule) => rule.headers.map((h) => [h.key, h.value])));

function answer(res, status, message, headers = {}) {
  res.writeHead(status, {
    ...plainHeaders,
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
  res.end(JSON.stringify({ message }));
}

/** Whether the path (not the query) is valid percent-encoded UTF-8; Next answers 500 to `/break/%E0`. */
function pathDecodes(url) {
  const q = url.indexOf("?");
  try {
    decodeURIComponent(q < 0 ? url : url.slice(0, q));
    return true;
  } catch {
    return false;
  }
}

/** One log line, with the client's text cut short (no stack: nothing went wrong on our side). */
const logRefused = (what, req) => console.warn(`[http] ${what}: ${req.method.slice(0, 20)} ${req.url.slice(0, 200)}`);

function onRequest(req, res) {
  // A refused body (413) is never read: close the connection after the answer instead of waiting
  // for (or reading) the rest of it.
  const state = { databaseUnavailable: false, clientErrorStatus: undefined };
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 413) this.setHeader("Connection", "close");
    if (status === 500 && state.databaseUnavailable) {
      status = 503;
      this.statusMessage = "Service Unavailable";
      this.setHeader("Retry-After", "5");
    } else if (status === 500 && state.clientErrorStatus) {
      status = state.clientErrorStatus;
      this.statusMessage = status === 413 ? "Payload Too Large" : "Bad Request";
    }
    return writeHead.call(this, status, ...rest);
  };

  if (!METHODS.includes(req.method)) {
    logRefused("method not allowed", req);
    return answer(res, 405, "Method not allowed", { Allow: METHODS.join(", ") });
  }
  // `OPTIONS *`, `GET http://host/path`: not a path of ours (Next.js throws on them).
  if (!req.url.startsWith("/")) {
    logRefused("not a path", req);
    return answer(res, 400, "Malformed request target");
  }
  if (!pathDecodes(req.url)) {
    logRefused("malformed URL", req);
    if (req.url.startsWith("/api/")) return answer(res, 400, "Malformed URL");
    // A page: its `%` taken literally, so Next answers as for any unknown page (the 404 page).
    const q = req.url.indexOf("?");
    req.url = (q < 0 ? req.url : req.url.slice(0, q)).replaceAll("%", "%25") + (q < 0 ? "" : req.url.slice(q));
  }
  // A router-state header Next.js cannot parse makes it throw while rendering (500 and a stack):
  // checked with its own parser first. (The proxy cannot: Next.js hides this header from it.)
  if (req.headers["next-router-state-tree"] !== undefined) {
    try {
      parseAndValidateFlightRouterState(req.headers["next-router-state-tree"]);
    } catch {
      logRefused("malformed router state", req);
      return answer(res, 400, "Malformed router state");
    }
  }
  if (!trustsProxy) for (const h of FORWARDED) delete req.headers[h];
  // Node lower-cases incoming header names; ours can only have come from the socket.
  req.headers[peerHeader] = req.socket.remoteAddress ?? "";
  requestState.run(state, () => handle(req, res));
}

const server = createServer(
  {
    // A client gets 10 s to send its headers and 30 s for the whole request (the largest body we
    // read is 16 KB), then 408 and the connection closes; checked every second, not every 30 s.
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1_000,
    // Idle keep-alive sockets are closed by the client side first (browsers, load balancers at
    // 60 s), not by us while a request is on its way (Node's default is 5 s).
    keepAliveTimeout: 65_000,
  },
  onRequest,
);
server.listen(port, () => console.log(`[start] listening on http://localhost:${port}`));

// Stopping (SIGTERM from a process manager, or Ctrl-C): no new connections; the reminder run under
// way finishes the sends it has begun and hands the rest back for the next run (the app's shutdown
// hook, lib/reminders/scheduler.ts), for at most STOP_GRACE_MS; then the process exits.
const STOP_GRACE_MS = 25_000;
let stopping = false;
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeIdleConnections();
    const shutdown = globalThis[Symbol.for("limber.shutdown")];
    const grace = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.resolve(shutdown?.()).catch(() => {}), grace]);
    process.exit(0);
  });
}
