#!/usr/bin/env node
// The production server behind `npm start`: Next.js's request handler on a plain Node HTTP server.
// Why not `next start`: under it a route handler cannot know the TCP peer's address (Next only
// fills X-Forwarded-For when the client did not send one, so any client can choose its own).
// Here every request carries the peer address in a header whose name is random per process
// (LIMBER_PEER_HEADER), so no client can set it; lib/http.ts clientIp reads it when TRUST_PROXY=none.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT || 3000);
process.env.NODE_ENV = "production";
const peerHeader = `x-limber-peer-${randomBytes(12).toString("hex")}`;
process.env.LIMBER_PEER_HEADER = peerHeader;

const app = next({ dev: false, dir: root, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  // Node lower-cases incoming header names; ours can only have come from the socket.
  req.headers[peerHeader] = req.socket.remoteAddress ?? "";
  handle(req, res);
});
// Idle keep-alive sockets are closed by the client side first (browsers, load balancers at 60 s),
// not by us while a request is on its way (Node's default is 5 s).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, () => console.log(`[start] listening on http://localhost:${port}`));

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
