import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { clientIp, redirectTo, route } from "@/lib/platform/http";
import { UNSUBSCRIBE_INVALID, unsubscribeFromLink, unsubscribeLinkSchema } from "@/lib/users/unsubscribe";

// RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to this URL.
// It pauses the user's e-mails without a session; a GET (a person following the link) is sent
// to the confirmation page instead, so link scanners change nothing. The POST comes from the mail
// provider's or the mail client's machine, with any Origin (or none): the signed token in the URL
// is the credential, and no cookie is read, so the origin check does not apply.
export const POST = route(
  async (req) => {
    const parsed = unsubscribeLinkSchema.safeParse({ token: new URL(req.url).searchParams.get("t") ?? "" });
    if (!parsed.success) throw badRequest(UNSUBSCRIBE_INVALID);
    const message = await unsubscribeFromLink(await getDb(), parsed.data.token, clientIp(req.headers));
    return NextResponse.json({ success: true, message });
  },
  { anyOrigin: true },
);

export const GET = route(async (req) => {
  return redirectTo(`/unsubscribe?t=${encodeURIComponent(new URL(req.url).searchParams.get("t") ?? "")}`);
});
