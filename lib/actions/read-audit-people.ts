"use server";

import { countAuditEvents, emailsById } from "@/lib/admin/console";
import { auditPeopleSchema } from "@/lib/admin/schemas";
import { parseInput, requireActionAdmin, runAction } from "./safe-action";

/**
 * The console's audit log, made readable: the e-mails of the accounts a page of GET
 * /api/admin/logs names (that call keeps the spec's shape) and the log's current size.
 */
export async function readAuditPeople(input: { ids: string[]; csrfToken: string } | unknown) {
  return runAction(async () => {
    const { db } = await requireActionAdmin((input as { csrfToken?: unknown } | null)?.csrfToken);
    const { ids } = parseInput(auditPeopleSchema, input);
    const [people, total] = await Promise.all([emailsById(db, ids), countAuditEvents(db)]);
    return { people, total };
  });
}
