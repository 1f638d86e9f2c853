// Security headers, built in one place: next.config.ts applies the static ones to every response,
// proxy.ts adds the per-request page policy. Pure, so tests import it.

export interface Header {
  key: string;
  value: string;
}

export const CSP_HEADER = "Content-Security-Policy";
/** Request header through which proxy.ts hands the nonce to server components. */
export const NONCE_HEADER = "x-nonce";

/**
 * The policy of every page (HTML documents), with this response's nonce. Next.js reads it from the
 * request's CSP header and puts the nonce on its own scripts; 'strict-dynamic' lets those scripts
 * load the chunks they need, so no host list and no 'unsafe-inline' for scripts ('self' only
 * matters to browsers without CSP3, which ignore 'strict-dynamic').
 */
export function contentSecurityPolicy(nonce: string, isProduction: boolean): string {
  if (!/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(nonce)) throw new Error("CSP nonce must be 16+ base64 characters");
  return [
    "default-src 'self'",
    // React's development build evaluates code (fast refresh, server error stacks); production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isProduction ? "" : " 'unsafe-eval'"}`,
    // 'unsafe-inline' stays for styles: React renders style="" attributes (Radix positions popovers
    // and sizes its primitives with them) and sonner injects a <style> tag at run time, neither of
    // which can carry a nonce. A nonce here would also make browsers ignore 'unsafe-inline'.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (/sw.js) and the manifest: without worker-src, workers fall back to
    // script-src, where 'strict-dynamic' makes browsers ignore 'self'.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The policy of everything that is not a page (JSON from route handlers, redirects, static files):
 * nothing in them may run, load or be framed.
 */
export const STATIC_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The other headers, the same on every response (next.config.ts `headers()`). */
export function securityHeaders(isProduction: boolean): Header[] {
  const headers: Header[] = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
    // No window we open (the feedback form, the disclaimer tab) or that opens us shares a browsing
    // context group with the app: no window.opener tricks across origins.
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
  if (isProduction) {
    headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  }
  return headers;
}

/**
 * Paths proxy.ts does not run on (the exact complement of its matcher; a unit test holds the two
 * together): they get STATIC_CSP from next.config.ts, so every response carries exactly one policy.
 */
export const NON_PAGE_SOURCE =
  "/:path((?=api/|_next/|favicon.ico|icon.svg|robots.txt|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)";
