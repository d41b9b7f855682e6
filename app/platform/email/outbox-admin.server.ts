import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { emailOutbox } from "~/platform/db/schema/index";
import { type ListQuery, listPage } from "~/platform/admin-kit/kit.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";

export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed", "stored"] as const;
type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The list columns; the bodies are read one email at a time with getOutboxEmail. */
const summary = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
  updatedAt: emailOutbox.updatedAt,
};

export type OutboxSummary = { [K in keyof typeof summary]: (typeof emailOutbox.$inferSelect)[K] };
export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** Every email, newest first, by status and/or a recipient/subject fragment. */
export function listOutbox(
  db: Database,
  filter: Partial<ListQuery> & { status?: string; pageSize?: number } = {},
) {
  return listPage<typeof emailOutbox, OutboxSummary>(db, {
    table: emailOutbox,
    columns: summary,
    searchIn: [emailOutbox.toAddress, emailOutbox.subject],
    orderBy: [desc(emailOutbox.createdAt), desc(emailOutbox.id)],
    where: EMAIL_STATUSES.includes(filter.status as EmailStatus)
      ? eq(emailOutbox.status, filter.status as EmailStatus)
      : undefined,
    query: filter,
    pageSize: filter.pageSize,
  });
}

/** One email with its text and HTML bodies, or null. */
export async function getOutboxEmail(db: Database, id: string): Promise<OutboxEmail | null> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

export type ResendResult = { ok: true } | { ok: false; reason: "not-found" | "not-failed" };

/**
 * Puts a failed email back in the queue with a fresh set of attempts; the delivery worker sends
 * it on its next round. Only failed emails: a sent one is never sent twice by accident.
 */
export async function resendEmail(db: Database, actor: Actor, id: string): Promise<ResendResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id))
      .for("update");
    if (!row) return { ok: false, reason: "not-found" } as const;
    if (row.status !== "failed") return { ok: false, reason: "not-failed" } as const;
    await tx
      .update(emailOutbox)
      .set({ status: "queued", attempts: 0, nextAttemptAt: new Date(), leaseUntil: null })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ["failed"])));
    await recordAudit(tx, actor, {
      action: "resend",
      entityType: "email",
      entityId: id,
      before: row,
      after: { status: "queued", attempts: 0 },
    });
    return { ok: true } as const;
  });
}
