import { clearSessionCookies, getSessionUser } from "@/lib/auth/session";
import { redirectTo, route } from "@/lib/platform/http";

// Where a page sends a browser whose session cookie no longer opens a session (expired, signed out
// elsewhere, account deleted): the cookie is cleared and the login screen follows. Without this,
// "/" (served as the dashboard whenever a session cookie is present, see proxy.ts) and the page's
// own redirect to "/" would chase each other. A valid session is never touched, so a link to this
// URL from another site signs no one out.
// Locations come from APP_URL: behind `npm start` req.url says http://localhost:PORT, which sent
// visitors of any other host to a different origin (and lost this tab's sessionStorage, e.g. the
// login screen's "Your account has been deleted.").

export const GET = route(async (req) => {
  if (await getSessionUser(req.headers)) return redirectTo("/dashboard");
  const res = redirectTo("/");
  clearSessionCookies(res); // both schemes: the proxy counts either as "may be signed in"
  return res;
});
