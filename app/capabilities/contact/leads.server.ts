import { neutraliseFormula } from "~/platform/lib/csv";
import { and, desc, eq, lt, or } from "drizzle-orm";
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { Database } from "~/platform/db/client.server";
import { contactMessages } from "~/platform/db/schema/index";
import { type ListQuery, listPage, matchingAny } from "~/platform/admin-kit/kit.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import { type LeadStatus, LEAD_STATUSES, type LeadUpdate, leadUpdateSchema } from "./leads";

export type Lead = typeof contactMessages.$inferSelect;

/** The list's search (name, email or message, anywhere, any case), status and page. */
export type LeadFilter = Partial<ListQuery> & { status?: string; pageSize?: number };

function statusIs(status: string | undefined) {
  return LEAD_STATUSES.includes(status as LeadStatus)
    ? eq(contactMessages.status, status as LeadStatus)
    : undefined;
}

const searched = [contactMessages.name, contactMessages.email, contactMessages.message];

/** Every contact message, newest first, searched and paged in the database. */
export function listLeads(db: Database, filter: LeadFilter = {}) {
  return listPage(db, {
    table: contactMessages,
    searchIn: searched,
    orderBy: [desc(contactMessages.createdAt), desc(contactMessages.id)],
    where: statusIs(filter.status),
    query: filter,
    pageSize: filter.pageSize,
  });
}

export type LeadUpdateResult =
  | { ok: true; lead: Lead }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string> }
  | { ok: false; reason: "not-found" };

/** Sets a lead's status and note; the change and its before/after go into the audit log together. */
export async function updateLead(
  db: Database,
  actor: Actor,
  id: string,
  input: { status?: unknown; note?: unknown },
): Promise<LeadUpdateResult> {
  const parsed = leadUpdateSchema.safeParse({ status: input.status, note: input.note ?? "" });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false, reason: "invalid", fieldErrors };
  }
  const change: LeadUpdate = parsed.data;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ status: contactMessages.status, note: contactMessages.note })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for("update");
    if (!before) return { ok: false, reason: "not-found" } as const;
    const [lead] = await tx
      .update(contactMessages)
      .set(change)
      .where(eq(contactMessages.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "update",
      entityType: "lead",
      entityId: id,
      before,
      after: change,
    });
    return { ok: true, lead: lead! } as const;
  });
}

export const LEADS_CSV_COLUMNS = [
  "Received",
  "Name",
  "Email",
  "Phone",
  "Message",
  "Status",
  "Note",
  "Page",
] as const;

const EXPORT_BATCH = 500;

/**
 * The matching leads as CSV (RFC 4180 quoting by csv-stringify), newest first, read from the
 * database in batches so memory stays flat however many there are.
 */
export function leadsCsv(db: Database, filter: LeadFilter = {}): ReadableStream<Uint8Array> {
  const where = and(statusIs(filter.status), matchingAny(filter.q, searched));
  async function* records() {
    let cursor: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await db
        .select()
        .from(contactMessages)
        .where(
          and(
            where,
            cursor
              ? or(
                  lt(contactMessages.createdAt, cursor.createdAt),
                  and(
                    eq(contactMessages.createdAt, cursor.createdAt),
                    lt(contactMessages.id, cursor.id),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(EXPORT_BATCH);
      for (const lead of rows) {
        yield [
          lead.createdAt.toISOString(),
          lead.name,
          lead.email,
          lead.phone ?? "",
          lead.message,
          lead.status,
          lead.note ?? "",
          lead.sourcePath ?? "",
        ].map(neutraliseFormula);
      }
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
    }
  }
  const csv = Readable.from(records()).pipe(
    stringify({ header: true, columns: [...LEADS_CSV_COLUMNS], bom: true }),
  );
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}
