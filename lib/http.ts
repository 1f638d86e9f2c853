// Route-handler plumbing: JSON bodies validated with zod, `{ message }` errors, the client IP and
// a same-origin check for state-changing calls. Handlers stay thin by using `route()`.
import { NextResponse } from "next/server";
import type { z } from "zod";
import { AppError, GENERIC_ERROR, UNAVAILABLE_ERROR, badRequest, forbidden, isDatabaseUnavailable } from "@/lib/errors";

const MAX_BODY_BYTES = 16 * 1024;

export function jsonError(status: number, message: string, headers?: HeadersInit) {
  return NextResponse.json({ message }, { status, headers });
}

/** Reads and validates a JSON body; any problem is a 400 with the first readable reason. */
export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.infer<S>> {
  // Refuse an announced oversized body before reading it, and count bytes, not characters.
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw new AppError(413, "Request body is too large");
  const raw = await req.text();
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new AppError(413, "Request body is too large");
  let data: unknown;
  try {
    data = raw === "" ? {} : JSON.parse(raw);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

/** First X-Forwarded-For hop (set by Vercel and most proxies), else X-Real-IP. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip")?.trim() || "unknown";
}

/** Rejects cross-site state-changing requests that carry an Origin (defence in depth next to SameSite=Lax). */
export function assertSameOrigin(req: Request) {
  if (req.method === "GET" || req.method === "HEAD") return;
  const origin = req.headers.get("origin");
  if (!origin) return;
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw forbidden("Cross-site request refused");
  }
  if (host && originHost !== host) throw forbidden("Cross-site request refused");
}

export function errorResponse(error: unknown): NextResponse {
  if (error instanceof AppError) {
    const retry = error.extra.retryAfterSeconds;
    return jsonError(error.status, error.publicMessage, retry ? { "Retry-After": String(retry) } : undefined);
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[api] database unavailable:", error instanceof Error ? error.message : error);
    return jsonError(503, UNAVAILABLE_ERROR, { "Retry-After": "5" });
  }
  console.error("[api] unexpected error:", error);
  return jsonError(500, GENERIC_ERROR);
}

type Handler<C> = (req: Request, ctx: C) => Promise<Response>;

/** Wraps a route handler: same-origin check, and every failure answered as `{ message }`. */
export function route<C = unknown>(handler: Handler<C>): Handler<C> {
  return async (req, ctx) => {
    try {
      assertSameOrigin(req);
      return await handler(req, ctx);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
