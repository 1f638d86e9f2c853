// A local stand-in for the OpenAI Responses API (`POST /v1/responses`), for tests that drive the real
// `@ai-sdk/openai` provider over HTTP. It records every request and answers with `outputText` as the
// assistant's output text, in the shape the provider parses.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface OpenAIStub {
  /** e.g. http://127.0.0.1:12345/v1 */
  baseURL: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A Responses-API body whose single assistant message carries `text` as output_text. */
export function responsesBody(text: string, model = "gpt-test") {
  return {
    id: "resp_test_1",
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    model,
    error: null,
    incomplete_details: null,
    output: [
      {
        type: "message",
        id: "msg_test_1",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 50,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 150,
    },
  };
}

export async function startOpenAIStub(outputText: () => string): Promise<OpenAIStub> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text
      }
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      if (req.method === "POST" && req.url === "/v1/responses") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(responsesBody(outputText())));
      } else {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error", code: "not_found" } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
