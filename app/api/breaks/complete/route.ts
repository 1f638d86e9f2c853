import { NextResponse } from "next/server";
import { getDb } from "@/lib/db";
import { clientIp, parseBody, route } from "@/lib/platform/http";
import { completeFromLink, doneLinkSchema, undoFromLink } from "@/lib/breaks/completion";

// Works without a session and never creates one: the signed token is the only credential.
export const POST = route(async (req) => {
  const { token } = await parseBody(req, doneLinkSchema);
  return NextResponse.json(await completeFromLink(await getDb(), token, clientIp(req.headers)));
});

// The "I did it" page's Undo: the same token takes that count back.
export const DELETE = route(async (req) => {
  const { token } = await parseBody(req, doneLinkSchema);
  return NextResponse.json(await undoFromLink(await getDb(), token, clientIp(req.headers)));
});
