import type { ActionResult } from "@/lib/actions/types";

// Browser-side calls: credentials included, JSON when there is a body, and every non-OK answer
// raised as an ApiError whose text is "status: body" (spec section 8) with the server's message.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    text: string,
  ) {
    super(text);
    this.name = "ApiError";
  }
}

export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const hasBody = init.body !== undefined;
  const res = await fetch(path, {
    method: init.method ?? (hasBody ? "POST" : "GET"),
    credentials: "include",
    headers: { ...(hasBody ? { "Content-Type": "application/json" } : {}), ...init.headers },
    body: hasBody ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) {
    let message: string | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === "string") message = parsed.message;
    } catch {
      // not JSON: the caller falls back to its own text
    }
    throw new ApiError(res.status, message, `${res.status}: ${text || res.statusText}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The server's message if it sent one, else the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * An action's data, or its refusal thrown as an ApiError (status and the server's message), for
 * callers that work with thrown errors (TanStack Query mutations, the dashboard's buttons).
 */
export async function unwrap<T>(pending: Promise<ActionResult<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.data;
  throw new ApiError(result.status, result.message, `${result.status}: ${JSON.stringify({ message: result.message })}`);
}
