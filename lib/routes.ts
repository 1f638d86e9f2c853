// Routing rules of the spec (section 2), as pure functions shared by proxy.ts, pages and tests.

/** Paths a signed-out visitor may open; every other path sends them to /. */
export function isPublicPath(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/verify" ||
    pathname === "/email-test" ||
    pathname === "/done" ||
    pathname === "/unsubscribe" ||
    pathname === "/snooze" ||
    // The guided break also opens from an e-mail's signed link without a session (the page checks).
    pathname.startsWith("/break/") ||
    pathname === "/disclaimer" ||
    pathname.startsWith("/disclaimer/")
  );
}

/** Pages a signed-in user with incomplete onboarding may still open. */
export function allowedBeforeOnboarding(pathname: string): boolean {
  return pathname === "/welcome" || pathname === "/disclaimer" || pathname.startsWith("/disclaimer/");
}

/** Whether a bottom-navigation item is active for the current path. */
export function isActivePath(current: string, itemPath: string): boolean {
  if (itemPath === "/dashboard") return current === "/dashboard" || current === "/";
  return current === itemPath || current.startsWith(`${itemPath}/`);
}
