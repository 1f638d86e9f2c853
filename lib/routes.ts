// Routing rules of the spec (section 2), as pure functions shared by proxy.ts, pages and tests.

/** The session cookie's names: Better Auth's over http, and with the `__Secure-` prefix over https. */
export const SESSION_COOKIE_NAMES = ["limber.session_token", "__Secure-limber.session_token"] as const;

/** Whether a cookie is a session cookie of either scheme (the proxy's "may be signed in"). */
export function isSessionCookie(name: string): boolean {
  return (SESSION_COOKIE_NAMES as readonly string[]).includes(name);
}

/** Paths a signed-out visitor may open; every other path sends them to /. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/verify" ||
    pathname === "/email-test" ||
    pathname === "/done" ||
    pathname === "/unsubscribe" ||
    pathname === "/snooze" ||
    pathname === "/skip" ||
    // The guided break also opens from an e-mail's signed link without a session (the page checks).
    pathname.startsWith("/break/") ||
    pathname === "/disclaimer" ||
    pathname.startsWith("/disclaimer/") ||
    // The installable app's files: the service worker is fetched (and updated) whoever is signed
    // in, and its offline page must open without a session. (The manifest and icons skip the
    // proxy already; listed so they stay public if its matcher changes.)
    pathname === "/offline.html" ||
    pathname === "/sw.js" ||
    pathname === "/manifest.webmanifest" ||
    pathname.startsWith("/icons/")
  );
}

/** Pages a signed-in user with incomplete onboarding may still open. */
export function allowedBeforeOnboarding(pathname: string): boolean {
  return (
    pathname === "/welcome" ||
    pathname === "/disclaimer" ||
    pathname.startsWith("/disclaimer/") ||
    // The owner console needs no break schedule (each page still checks the owner's grant).
    pathname === "/owner-unlock" ||
    pathname === "/admin"
  );
}

/** Whether a bottom-navigation item is active for the current path. */
export function isActivePath(current: string, itemPath: string): boolean {
  if (itemPath === "/dashboard") return current === "/dashboard" || current === "/";
  return current === itemPath || current.startsWith(`${itemPath}/`);
}
