// A browser's push service on the loopback, run by the global setup for the whole run. The server
// under test posts encrypted messages to it; the test files live in other processes, so they read
// what arrived over HTTP (`GET /__received?path=…`) instead of from memory.
// (tests/support/push-service.ts keeps its messages in memory and lists the stub through env(),
// which only works inside an in-process integration test.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One message as the stub received it; the body base64-encoded (it is aes128gcm ciphertext). */
export interface ReceivedPush {
  path: string;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  authorization: string | null;
  contentEncoding: string | null;
  body: string;
}

export interface PushStub {
  /** "127.0.0.1:<port>", as PUSH_ENDPOINT_HOSTS lists it. */
  host: string;
  url: string;
  close(): Promise<void>;
}

export async function startPushStub(): Promise<PushStub> {
  const received: ReceivedPush[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    if (req.method === "GET" && url.pathname === "/__received") {
      const path = url.searchParams.get("path");
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(received.filter((m) => path === null || m.path === path)));
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const h = (name: string) => (req.headers[name] as string | undefined) ?? null;
      received.push({
        path: url.pathname,
        ttl: h("ttl"),
        urgency: h("urgency"),
        topic: h("topic"),
        authorization: h("authorization"),
        contentEncoding: h("content-encoding"),
        body: Buffer.concat(chunks).toString("base64"),
      });
      // What FCM and Mozilla answer to an accepted message.
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
