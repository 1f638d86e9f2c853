// Next 16's proxy, on every page: a fresh CSP nonce per request, and optimistic routing (signed-out
// visitors are redirected to / from the app's pages that need a session, while public and unknown
// paths render: an unknown one as the 404 page; signed in, / is the dashboard). The redirect only looks at
// the session cookie; each page and handler checks the session for real.
import { NextResponse, type NextRequest } from "next/server";
import { redirectTo } from "@/lib/platform/http";
import { refusePageRequest } from "@/lib/page-request";
import { isSessionCookie, redirectsToLogin } from "@/lib/routes";
import { contentSecurityPolicy, CSP_HEADER, NONCE_HEADER, STATIC_CSP } from "@/lib/security-headers";

function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function proxy(req: NextRequest) {
  const refused = refusePageRequest(req.method, req.headers);
  if (refused) {
    const res = NextResponse.json({ message: refused.message }, { status: refused.status });
    res.headers.set(CSP_HEADER, STATIC_CSP);
    return res;
  }
  const { pathname } = req.nextUrl;
  const hasSession = req.cookies.getAll().some((c) => isSessionCookie(c.name));
  if (redirectsToLogin(pathname, hasSession)) {
    const res = redirectTo("/", 307); // under APP_URL, never the address the server listens on
    // A redirect renders nothing: the same inert policy as API answers.
    res.headers.set(CSP_HEADER, STATIC_CSP);
    return res;
  }
  const nonce = createNonce();
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV === "production");
  // Next.js takes the nonce for its own scripts from the request's CSP header; server components
  // that render an inline script of ours read x-nonce. Both overwrite anything the client sent.
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(CSP_HEADER, csp);
  requestHeaders.set(NONCE_HEADER, nonce);
  // Signed in, "/" is the dashboard (spec): served from /dashboard under this URL, so neither page
  // ships the other's client code. A cookie that opens no session is cleared there
  // (lib/auth/page.ts → /api/auth/expired) and the login screen follows.
  const res =
    pathname === "/" && hasSession
      ? NextResponse.rewrite(new URL("/dashboard", req.url), { request: { headers: requestHeaders } })
      : NextResponse.next({ request: { headers: requestHeaders } });
  res.headers.set(CSP_HEADER, csp);
  return res;
}

export const config = {
  // Pages only: API routes answer 401 themselves, static files need no check; both get a static
  // policy from next.config.ts (NON_PAGE_SOURCE in lib/security-headers.ts is the complement).
  matcher: ["/((?!api/|_next/|favicon.ico|icon.svg|robots.txt|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)"],
};
