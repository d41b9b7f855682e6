import { and, eq, lte, or } from "drizzle-orm";
import type { Logger } from "pino";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import { emailOutbox } from "~/platform/db/schema/index";
import type { JobHandler, JobSchedule } from "~/platform/jobs/jobs.server";
import { claimRows, incremented, leaseUntil } from "~/platform/jobs/lease.server";

export interface OutgoingEmail {
  /** What the email is, e.g. 'contact-notification'; shown to admins and used in tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** An email with a key already in the outbox is not written again (exactly-once sends). */
  dedupeKey?: string;
}

export interface EmailService {
  /**
   * Writes the email to the outbox; with SMTP configured it is then delivered in the background.
   * Given a transaction (`tx`), the row is written in it, so it commits with the caller's own
   * rows or not at all; delivery then waits for `deliverSoon()` after the commit.
   */
  queue(
    email: OutgoingEmail,
    options?: { tx?: Database },
  ): Promise<{ id: string; created: boolean }>;
  /** Starts a delivery round now rather than at the next scheduled one (EMAIL_DELIVERY_JOB). */
  deliverSoon(): void;
  /** Delivers every due email once; returns how many were sent. Safe to call from any instance. */
  deliverDue(): Promise<number>;
  /** Waits for the delivery rounds `deliverSoon` started (shutdown). */
  stop(): Promise<void>;
}

export interface EmailTransport {
  send(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<void>;
}

export const MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;

/** 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export function smtpTransport(smtpUrl: string): EmailTransport {
  // nodemailer is loaded with the first email (docs/performance.md, memory).
  const transporter = import("nodemailer").then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl),
  );
  return {
    async send(message) {
      await (await transporter).sendMail(message);
    },
  };
}

export function createEmailService(options: {
  db: Database;
  from: string;
  /** Unset: the outbox is the destination and rows are stored, not sent. */
  transport?: EmailTransport;
  onError?: (error: unknown) => void;
  /** Every failed delivery attempt is logged here at warn, with the outbox row's id. */
  logger?: Pick<Logger, "warn">;
}): EmailService {
  const { db, from, transport } = options;
  let running: Promise<unknown> = Promise.resolve();

  async function claimDue(limit: number) {
    const now = new Date();
    return claimRows(db, emailOutbox, {
      id: emailOutbox.id,
      due: or(
        and(eq(emailOutbox.status, "queued"), lte(emailOutbox.nextAttemptAt, now)),
        // A worker that died mid-send leaves its lease behind; take the row over.
        and(eq(emailOutbox.status, "sending"), lte(emailOutbox.leaseUntil, now)),
      ),
      orderBy: emailOutbox.nextAttemptAt,
      limit,
      set: {
        status: "sending",
        leaseUntil: leaseUntil(LEASE_MS, now),
        attempts: incremented(emailOutbox.attempts),
      },
    });
  }

  async function deliverDue() {
    if (!transport) return 0;
    let sent = 0;
    for (const row of await claimDue(20)) {
      try {
        await transport.send({
          from: row.fromAddress,
          to: row.toAddress,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
        await db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: new Date(), leaseUntil: null, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const giveUp = row.attempts >= MAX_ATTEMPTS;
        options.logger?.warn(
          { err: error, emailId: row.id, kind: row.kind, attempt: row.attempts, gaveUp: giveUp },
          giveUp ? "email delivery failed for the last time" : "email delivery attempt failed",
        );
        await db
          .update(emailOutbox)
          .set({
            status: giveUp ? "failed" : "queued",
            leaseUntil: null,
            lastError: error instanceof Error ? error.message : String(error),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
      }
    }
    return sent;
  }

  const deliverSoon = () => {
    if (transport) running = running.then(deliverDue).catch(options.onError);
  };

  return {
    async queue(email, queueOptions) {
      const writer = queueOptions?.tx ?? db;
      const [row] = await writer
        .insert(emailOutbox)
        .values({
          kind: email.kind,
          dedupeKey: email.dedupeKey,
          toAddress: email.to,
          fromAddress: from,
          replyTo: email.replyTo,
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          status: transport ? "queued" : "stored",
          // This process's clock, as the claim's: the database's now() has microseconds, so a
          // claim in the same millisecond as the insert could find the row not yet due.
          nextAttemptAt: new Date(),
        })
        .onConflictDoNothing({ target: emailOutbox.dedupeKey })
        .returning({ id: emailOutbox.id });
      if (row) {
        // Deliver right away rather than waiting for the next poll (after the caller's commit).
        if (!queueOptions?.tx) deliverSoon();
        return { id: row.id, created: true };
      }
      const [existing] = await writer
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, email.dedupeKey!));
      return { id: existing!.id, created: false };
    },
    deliverDue,
    deliverSoon,
    async stop() {
      await running;
    },
  };
}

/** The job that delivers what is due: retries after their backoff, and what a restart left queued. */
export const EMAIL_DELIVERY_JOB = "email-delivery";

/**
 * With SMTP configured, a delivery round every 15 seconds across every instance, the first as the
 * runner starts (emails queued before a restart, or left mid-send by a crash, go out at once).
 * Only the newest runs are kept: four a minute would fill the jobs table.
 */
export function emailDeliverySchedule(env: Pick<Env, "SMTP_URL">): JobSchedule[] {
  return env.SMTP_URL
    ? [{ kind: EMAIL_DELIVERY_JOB, everyMs: 15_000, firstAfterMs: 0, keepFinished: 20 }]
    : [];
}

export function emailDeliveryHandler(email: Pick<EmailService, "deliverDue">): JobHandler {
  return async () => ({ sent: await email.deliverDue() });
}
