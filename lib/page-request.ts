// What a server action posted to a page must be before Next.js handles it (proxy.ts, everywhere
// Limber runs). Next.js answers these with 500 and a stack in the log; they are the client's
// mistakes (or probes), so they get a 4xx here instead: posted from another site (403), or a body
// over the limit Limber's forms need (413). (A malformed router-state header is refused by
// scripts/serve.mjs: Next.js hides it from the proxy.)
import { ACTION_BODY_LIMIT_BYTES } from "@/lib/action-limits";
import { isAppOrigin } from "@/lib/platform/http";

export interface PageRequestRefusal {
  status: 403 | 413;
  message: string;
}

/** A server action: a scripted call (Next-Action) or a form posted to a page before scripts ran. */
function isActionPost(method: string, headers: Headers): boolean {
  return (
    method === "POST" &&
    (headers.has("next-action") ||
      /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(headers.get("content-type") ?? ""))
  );
}

/** Why Next.js must not see this page request, or null when it may. */
export function refusePageRequest(method: string, headers: Headers): PageRequestRefusal | null {
  if (isActionPost(method, headers)) {
    const origin = headers.get("origin");
    if (origin !== null && !isAppOrigin(origin)) return { status: 403, message: "Cross-site request refused" };
    if (Number(headers.get("content-length") ?? 0) > ACTION_BODY_LIMIT_BYTES)
      return { status: 413, message: "Request body is too large" };
  }
  return null;
}
