import { z } from "zod";
import { auditSafely } from "@/lib/platform/audit";
import { withUser } from "@/lib/auth/with-user";
import { badRequest } from "@/lib/errors";
import { localDate } from "@/lib/schedule/time";
import { enforce } from "@/lib/platform/rate-limit";
import { EXPORT_LIMIT_MESSAGE, exportBreaksCsv, exportData, exportLimit } from "@/lib/users/export";

const FORMAT_MESSAGE = "format must be json or csv";
const formatSchema = z.enum(["json", "csv"], FORMAT_MESSAGE);

// GET /api/user/export[?format=json|csv]: the signed-in user's data as a download. Validated
// before the limit counts, so a bad request changes nothing.
export const GET = withUser(async ({ req, db, user, ip }) => {
  const parsed = formatSchema.safeParse(new URL(req.url).searchParams.get("format") ?? "json");
  if (!parsed.success) throw badRequest(FORMAT_MESSAGE);
  const format = parsed.data;
  await enforce(db, [exportLimit(user.id)], EXPORT_LIMIT_MESSAGE, {
    audit: { action: "data_export_rate_limited", userId: user.id, ipAddress: ip },
  });
  const now = new Date();
  const day = localDate(now, "UTC");
  const body =
    format === "csv" ? await exportBreaksCsv(db, user.id) : JSON.stringify(await exportData(db, user.id, now), null, 2);
  await auditSafely(db, {
    action: "data_exported",
    userId: user.id,
    targetId: user.id,
    ipAddress: ip,
    details: { format },
  });
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8; header=present" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="limber-${format === "csv" ? "breaks" : "data"}-${day}.${format}"`,
      "Cache-Control": "no-store",
    },
  });
});
