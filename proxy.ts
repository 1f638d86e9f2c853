// Optimistic routing (Next 16's proxy): signed-out visitors are redirected to / from every path but
// the public ones. It only looks at the session cookie; each page and handler checks the session
// for real.
import { NextResponse, type NextRequest } from "next/server";
import { isPublicPath } from "@/lib/routes";

export function proxy(req: NextRequest) {
  const { pathname } = req.nextUrl;
  const hasSession = req.cookies.getAll().some((c) => c.name.endsWith("limber.session_token"));
  if (!hasSession && !isPublicPath(pathname)) {
    return NextResponse.redirect(new URL("/", req.url), 307);
  }
  return NextResponse.next();
}

export const config = {
  // Pages only: API routes answer 401 themselves, static files need no check.
  matcher: ["/((?!api/|_next/|favicon.ico|icon.svg|robots.txt|.*\\.(?:png|svg|ico|txt|webmanifest)$).*)"],
};
