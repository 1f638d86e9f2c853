"use server";

import { countAuditEvents, emailsById } from "@/lib/admin/console";
import { auditPeopleSchema } from "@/lib/admin/schemas";
import { adminAction } from "./client";

/**
 * The console's audit log, made readable: the e-mails of the accounts a page of GET
 * /api/admin/logs names (that call keeps the spec's shape) and the log's current size.
 */
export const readAuditPeople = adminAction.action(auditPeopleSchema, async ({ ids }, { db }) => {
  const [people, total] = await Promise.all([emailsById(db, ids), countAuditEvents(db)]);
  return { people, total };
});
