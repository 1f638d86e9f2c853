// A browser's push service on this machine, for the push tests: an HTTP server on 127.0.0.1 that
// records every message posted to it and answers with a status chosen per path (201 by default);
// subscriber keys as a browser makes them; and the browser's side of the encryption (RFC 8291 on
// RFC 8188 aes128gcm), written with node:crypto only so that it checks web-push's work
// independently. `allowPushService` lists the stub in env().pushEndpointHosts (loopback hosts
// may use http there).
import { createDecipheriv, createECDH, hkdfSync, randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { env } from "@/lib/env";

export interface PushedMessage {
  path: string;
  method: string;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  authorization: string | null;
  contentEncoding: string | null;
  contentType: string | null;
  body: Buffer;
}

export interface PushServiceStub {
  /** "127.0.0.1:<port>", as PUSH_ENDPOINT_HOSTS lists it. */
  host: string;
  /** A new endpoint on the stub: http://127.0.0.1:<port>/push/<name>. */
  endpoint(name?: string): string;
  /** Every message received, oldest first. */
  messages: PushedMessage[];
  /** The messages posted to one endpoint. */
  to(endpoint: string): PushedMessage[];
  /** Answers `status` to every later message posted to `endpoint`. */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceStub> {
  const messages: PushedMessage[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "/";
      const h = (name: string) => (req.headers[name] as string | undefined) ?? null;
      messages.push({
        path,
        method: req.method ?? "",
        ttl: h("ttl"),
        urgency: h("urgency"),
        topic: h("topic"),
        authorization: h("authorization"),
        contentEncoding: h("content-encoding"),
        contentType: h("content-type"),
        body: Buffer.concat(chunks),
      });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const pathOf = (endpoint: string) => new URL(endpoint).pathname;
  return {
    host: `127.0.0.1:${port}`,
    endpoint: (name = randomUUID()) => `${base}/push/${name}`,
    messages,
    to: (endpoint) => messages.filter((m) => m.path === pathOf(endpoint)),
    answer: (endpoint, status) => statuses.set(pathOf(endpoint), status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Adds the stub's host to env().pushEndpointHosts; returns the function that restores the list. */
export function allowPushService(stub: Pick<PushServiceStub, "host">): () => void {
  const config = env() as { pushEndpointHosts: string[] };
  const before = config.pushEndpointHosts;
  config.pushEndpointHosts = [...before, stub.host];
  return () => {
    config.pushEndpointHosts = before;
  };
}

/**
 * The stub for the calling test file: started (and listed in the allowed hosts) before its tests,
 * stopped after them. The object reads through to the running stub.
 */
export function pushServiceForFile(): PushServiceStub {
  let stub: PushServiceStub | undefined;
  let restore = () => {};
  beforeAll(async () => {
    stub = await startPushService();
    restore = allowPushService(stub);
  });
  afterAll(async () => {
    restore();
    await stub?.close();
  });
  const live = () => {
    if (!stub) throw new Error("the push service stub runs only inside the file's tests");
    return stub;
  };
  return {
    get host() {
      return live().host;
    },
    get messages() {
      return live().messages;
    },
    endpoint: (name) => live().endpoint(name),
    to: (endpoint) => live().to(endpoint),
    answer: (endpoint, status) => live().answer(endpoint, status),
    close: () => live().close(),
  };
}

export interface SubscriberKeys {
  /** As the browser's PushSubscription JSON carries them (base64url). */
  p256dh: string;
  auth: string;
  /** The browser's private state, to decrypt what it receives. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function makeSubscriberKeys(): SubscriberKeys {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys(); // uncompressed point, 65 bytes
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync("sha256", ikm, salt, info, length));

/**
 * The browser's decryption of an aes128gcm push message (RFC 8291 §3.4, RFC 8188 §2): the header
 * (salt, record size, the sender's public key), ECDH with the subscriber's private key, the key and
 * nonce from HKDF with the auth secret, AES-128-GCM, and the padding up to the 0x02 delimiter.
 */
export function decryptPush(body: Buffer, keys: SubscriberKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is not a P-256 public key (${idLength} bytes)`);
  if (record.length > recordSize) throw new Error("more than one record: a push message has one");

  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const shared = ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(shared, keys.authSecret, keyInfo, 32);
  const cek = hkdf(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);

  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record: the data, then 0x02, then any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter (0x02) after the data");
  return padded.subarray(0, end).toString("utf8");
}
