import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderLoginCodeEmail, renderTestEmail } from "@/lib/mail/templates/render";
import { getMailTransport, sendMail, setMailTransportForTests } from "@/lib/mail";
import { createOutboxTransport, readOutbox } from "@/lib/mail/outbox";
import { createResendTransport } from "@/lib/mail/resend";
import type { MailMessage, MailTransport } from "@/lib/mail/types";

const FROM = "Limber <breaks@example.test>";

function message(i: number, extra: Partial<MailMessage> = {}): MailMessage {
  return {
    to: `user${i}@example.test`,
    subject: `Subject ${i}`,
    html: `<p>Hello ${i}</p>`,
    text: `Hello ${i}`,
    ...extra,
  };
}

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), "limber-mail-"));
}

describe("outbox transport", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });
  async function outboxDir() {
    const dir = await tempDir();
    dirs.push(dir);
    return path.join(dir, "outbox"); // not created yet: the transport must create it
  }

  it("writes one correctly-shaped file per message, named in send order", async () => {
    const dir = await outboxDir();
    const lines: string[] = [];
    const t = createOutboxTransport({ dir, from: FROM, log: (l) => lines.push(l) });

    // Concurrent sends: names are taken at call time, so they still sort in call order.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.send(message(i, { headers: { "X-N": String(i) } }))),
    );
    expect(results.every((r) => r.ok)).toBe(true);

    const names = (await fs.readdir(dir)).sort();
    expect(names).toHaveLength(12);
    for (const n of names) expect(n).toMatch(/^\d{13}-\d{6}\.json$/);

    const ids = results.map((r) => (r.ok ? r.id : ""));
    expect(names).toEqual(ids.map((id) => `${id}.json`));

    for (const [i, name] of names.entries()) {
      const parsed = JSON.parse(await fs.readFile(path.join(dir, name), "utf8")) as Record<string, unknown>;
      expect(Object.keys(parsed).sort()).toEqual([
        "createdAt",
        "from",
        "headers",
        "html",
        "id",
        "subject",
        "text",
        "to",
      ]);
      expect(parsed).toMatchObject({
        id: name.replace(/\.json$/, ""),
        to: `user${i}@example.test`,
        from: FROM,
        subject: `Subject ${i}`,
        html: `<p>Hello ${i}</p>`,
        text: `Hello ${i}`,
        headers: { "X-N": String(i) },
      });
      expect(new Date(parsed.createdAt as string).toISOString()).toBe(parsed.createdAt);
    }
    expect(lines).toHaveLength(12);
    // Concurrent sends log when their write finishes, so only the set of lines is fixed.
    expect(lines).toContain(`[mail] Subject 0 -> user0@example.test (outbox: ${path.join(dir, names[0]!)})`);
  });

  it("keeps send order across sequential sends and sendBatch, with no temp files left", async () => {
    const dir = await outboxDir();
    const t = createOutboxTransport({ dir, from: FROM, log: () => {} });
    for (let i = 0; i < 12; i++) await t.send(message(i));
    const batch = await t.sendBatch([message(12), message(13)]);
    expect(batch).toHaveLength(2);
    expect(batch.every((r) => r.ok)).toBe(true);
    const all = await fs.readdir(dir);
    expect(all.filter((n) => !n.endsWith(".json"))).toEqual([]);
    expect((await readOutbox(dir)).map((m) => m.subject)).toEqual(Array.from({ length: 14 }, (_, i) => `Subject ${i}`));
  });

  it("logs the address and the code for a login-code message", async () => {
    const dir = await outboxDir();
    const lines: string[] = [];
    const t = createOutboxTransport({ dir, from: FROM, log: (l) => lines.push(l) });
    const rendered = await renderLoginCodeEmail({ code: "482913", appUrl: "http://localhost:3000" });
    const result = await t.send({ to: "a@b.c", ...rendered, kind: "login-code" });
    expect(result.ok).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[mail\] login code for a@b\.c: 482913 \(outbox: .+\d{13}-\d{6}\.json\)$/);
  });

  it("readOutbox parses messages in name order and ignores other files", async () => {
    const dir = await outboxDir();
    expect(await readOutbox(dir)).toEqual([]); // absent directory
    const t = createOutboxTransport({ dir, from: FROM, log: () => {} });
    await t.send(message(1));
    await t.send(message(2));
    await fs.writeFile(path.join(dir, ".partial.tmp"), "{");
    await fs.writeFile(path.join(dir, "notes.txt"), "x");
    const msgs = await readOutbox(dir);
    expect(msgs.map((m) => m.to)).toEqual(["user1@example.test", "user2@example.test"]);
    expect(msgs[0]).toMatchObject({ from: FROM, subject: "Subject 1", headers: {} });
  });

  it("reports a write failure as a result instead of throwing", async () => {
    const base = await outboxDir();
    await fs.mkdir(path.dirname(base), { recursive: true });
    await fs.writeFile(base, "a file where the directory should be");
    const t = createOutboxTransport({ dir: base, from: FROM, log: () => {} });
    const result = await t.send(message(1));
    expect(result.ok).toBe(false);
  });
});

describe("templates", () => {
  it("login-code e-mail has the code in subject, html and text", async () => {
    const r = await renderLoginCodeEmail({ code: "123456", appUrl: "http://localhost:3000" });
    expect(r.subject).toBe("Your Limber code: 123456");
    expect(r.html).toContain("123456");
    expect(r.html).toContain('lang="en"');
    expect(r.text).toContain("123456");
    expect(r.text).toContain("It expires in 10 minutes and can be used once.");
    expect(r.text).toContain("If you did not ask for it, you can ignore this email.");
    // The medical line belongs to the reminder (which suggests exercises), not to sign-in.
    expect(r.text).not.toContain("medical advice");
    expect(r.html).not.toMatch(/<img/i);
  });

  it("test e-mail links to the app", async () => {
    const r = await renderTestEmail({ appUrl: "https://limber.example.test" });
    expect(r.subject).toBe("Limber test email");
    expect(r.html).toContain('href="https://limber.example.test"');
    expect(r.text).toContain("https://limber.example.test");
    expect(r.text.toLowerCase()).toContain("delivery works");
  });
});

type Captured = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: unknown };
type Reply = { status: number; body: unknown };

describe("resend transport", () => {
  let server: http.Server;
  let baseUrl: string;
  let requests: Captured[] = [];
  let reply: (req: Captured) => Reply;

  const okReply = (req: Captured): Reply =>
    req.url === "/emails/batch"
      ? {
          status: 200,
          body: { data: (req.body as unknown[]).map((_, i) => ({ id: `batch_${requests.length}_${i}` })) },
        }
      : { status: 200, body: { id: "email_1" } };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (raw += c));
      req.on("end", () => {
        const captured: Captured = {
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: raw ? JSON.parse(raw) : undefined,
        };
        requests.push(captured);
        const { status, body } = reply(captured);
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    requests = [];
    reply = okReply;
  });
  reply = okReply;

  // A trailing slash must not produce "//emails".
  const transport = () => createResendTransport({ apiKey: "re_test_key", baseUrl: `${baseUrl}/`, from: FROM });

  it("sends one e-mail to /emails with the fields, auth and idempotency key", async () => {
    const result = await transport().send(
      message(1, { headers: { "List-Unsubscribe": "<https://x.test/u>" }, idempotencyKey: "login-42" }),
    );
    expect(result).toEqual({ ok: true, id: "email_1" });
    expect(requests).toHaveLength(1);
    const req = requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe("/emails");
    expect(req.headers.authorization).toBe("Bearer re_test_key");
    expect(req.headers["idempotency-key"]).toBe("login-42");
    expect(req.body).toMatchObject({
      from: FROM,
      to: "user1@example.test",
      subject: "Subject 1",
      html: "<p>Hello 1</p>",
      text: "Hello 1",
      headers: { "List-Unsubscribe": "<https://x.test/u>" },
    });
  });

  it("sends no Idempotency-Key header when the message has none", async () => {
    await transport().send(message(1));
    expect(requests[0]!.headers["idempotency-key"]).toBeUndefined();
  });

  it("turns a 4xx answer into { ok: false } without throwing", async () => {
    reply = () => ({ status: 422, body: { name: "validation_error", message: "Invalid `to` field." } });
    const result = await transport().send(message(1));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain("Invalid `to` field.");

    const batch = await transport().sendBatch([message(1), message(2)]);
    expect(batch).toHaveLength(2);
    expect(batch.every((r) => !r.ok && r.error.includes("validation_error"))).toBe(true);
  });

  it("a batch refused for one bad message goes one message at a time: only that one fails", async () => {
    // Resend's strict validation refuses a whole batch for one address it rejects.
    const bad = (m: unknown) => (m as { to: string }).to.startsWith("user2@");
    reply = (req) => {
      const invalid = { status: 422, body: { name: "validation_error", message: "Invalid `to` field." } };
      if (req.url === "/emails/batch") return (req.body as unknown[]).some(bad) ? invalid : okReply(req);
      return bad(req.body) ? invalid : { status: 200, body: { id: `single_${requests.length}` } };
    };
    const results = await transport().sendBatch([message(1), message(2), message(3)]);
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(requests.map((r) => r.url)).toEqual(["/emails/batch", "/emails", "/emails", "/emails"]);
    // A provider failure (5xx) is not one message's: the batch is not split.
    requests = [];
    reply = () => ({ status: 500, body: { name: "internal_server_error", message: "down" } });
    const down = await transport().sendBatch([message(1), message(2)]);
    expect(down.every((r) => !r.ok)).toBe(true);
    expect(requests.map((r) => r.url)).toEqual(["/emails/batch"]);
  });

  it("turns a network failure into { ok: false } without throwing", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const t = createResendTransport({ apiKey: "re_test_key", baseUrl: `http://127.0.0.1:${port}`, from: FROM });
    const result = await t.send(message(1));
    expect(result.ok).toBe(false);
    const batch = await t.sendBatch([message(1)]);
    expect(batch).toEqual([expect.objectContaining({ ok: false })]);
  });

  it("sends batches to /emails/batch in chunks of at most 100, results in order", async () => {
    const msgs = Array.from({ length: 250 }, (_, i) => message(i, { idempotencyKey: `reminder-${i}` }));
    const results = await transport().sendBatch(msgs);

    expect(requests.map((r) => r.url)).toEqual(["/emails/batch", "/emails/batch", "/emails/batch"]);
    const bodies = requests.map((r) => r.body as Array<Record<string, unknown>>);
    expect(bodies.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(bodies[2]![49]).toMatchObject({
      from: FROM,
      to: "user249@example.test",
      subject: "Subject 249",
      text: "Hello 249",
    });
    for (const r of requests) expect(r.headers.authorization).toBe("Bearer re_test_key");

    const expectedKey = (from: number, to: number) =>
      `batch-${createHash("sha256")
        .update(
          msgs
            .slice(from, to)
            .map((m) => m.idempotencyKey)
            .join("\n"),
        )
        .digest("hex")}`;
    expect(requests.map((r) => r.headers["idempotency-key"])).toEqual([
      expectedKey(0, 100),
      expectedKey(100, 200),
      expectedKey(200, 250),
    ]);

    expect(results).toHaveLength(250);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results[0]).toEqual({ ok: true, id: "batch_1_0" });
    expect(results[249]).toEqual({ ok: true, id: "batch_3_49" });
  });

  it("omits the batch idempotency key when any message lacks one; empty batch sends nothing", async () => {
    await transport().sendBatch([message(1, { idempotencyKey: "k1" }), message(2)]);
    expect(requests[0]!.headers["idempotency-key"]).toBeUndefined();
    requests = [];
    expect(await transport().sendBatch([])).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe("mail port", () => {
  afterEach(() => setMailTransportForTests(undefined));

  it("uses the test override for getMailTransport and sendMail", async () => {
    const sent: MailMessage[] = [];
    const fake: MailTransport = {
      send: async (m) => (sent.push(m), { ok: true, id: "fake" }),
      sendBatch: async (ms) => ms.map(() => ({ ok: true, id: "fake" })),
    };
    setMailTransportForTests(fake);
    expect(getMailTransport()).toBe(fake);
    expect(await sendMail(message(1))).toEqual({ ok: true, id: "fake" });
    expect(sent).toHaveLength(1);
  });
});
