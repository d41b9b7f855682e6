import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { site } from "~/platform/config/site";
import type { Database } from "~/platform/db/client.server";
import { contactMessages } from "~/platform/db/schema/index";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactSubmission,
  HONEYPOT_FIELD,
  safeReturnPath,
} from "./contact";
import {
  type ContactEmailData,
  contactAcknowledgementEmail,
  contactNotificationEmail,
} from "./emails";

/** Strict for a public form; kept in the database so it holds across instances. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 60_000 };

const trimmed = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : ""),
  z.string(),
);

const contactForm = z.object({
  name: trimmed,
  email: trimmed,
  phone: trimmed,
  message: trimmed,
  [HONEYPOT_FIELD]: trimmed,
  returnTo: z.preprocess(safeReturnPath, z.string()),
});
export type ContactForm = z.infer<typeof contactForm>;

/** Reads a submitted form; never throws, whatever was posted. */
export function parseContactForm(fields: Record<string, FormDataEntryValue>): ContactForm {
  const raw = Object.fromEntries(
    [...CONTACT_FIELDS, HONEYPOT_FIELD, "returnTo"].map((key) => [key, fields[key] ?? null]),
  );
  return contactForm.parse(raw);
}

const emailShape = z.email();

/** Spec public-site §7: name, email and message are required after trimming; phone is optional. */
export function validateContact(form: ContactForm): ContactSubmission | null {
  const missing = (["name", "email", "message"] as const).filter((field) => !form[field]);
  if (missing.length) return { outcome: "missing", missing };
  if (!emailShape.safeParse(form.email).success) return { outcome: "invalid-email" };
  if (CONTACT_FIELDS.some((field) => form[field].length > CONTACT_LIMITS[field])) {
    return { outcome: "too-long" };
  }
  return null;
}

/**
 * A contact-form submission: turn bots away, then store the message and queue its two emails in
 * one transaction (the outbox pattern): a crash can lose neither half without the other, and a
 * message is only acknowledged once both are committed.
 */
export async function submitContactMessage(
  context: AppLoadContext,
  form: ContactForm,
): Promise<ContactSubmission> {
  const { db, env, clientIp, logger } = context;
  const { email } = context.services;
  try {
    const limit = await hitRateLimit(db, `contact:${clientIp}`, CONTACT_RATE_LIMIT);
    if (!limit.allowed)
      return { outcome: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

    // Only a bot fills the hidden field. It is told "sent" so it has no reason to try again.
    if (form[HONEYPOT_FIELD]) return { outcome: "sent" };

    const invalid = validateContact(form);
    if (invalid) return invalid;

    await db.transaction(async (tx) => {
      const stored = await storeContactMessage(tx, form, clientIp);
      const data: ContactEmailData = {
        name: form.name,
        email: form.email,
        phone: form.phone,
        message: form.message,
        sourcePath: form.returnTo,
        receivedAt: stored.createdAt,
      };
      await email.queue(
        {
          kind: "contact-notification",
          to: env.COMPANY_INBOX ?? site.email,
          replyTo: form.email,
          dedupeKey: `contact-notification:${stored.id}`,
          ...contactNotificationEmail(data),
        },
        { tx },
      );
      await email.queue(
        {
          kind: "contact-acknowledgement",
          to: form.email,
          dedupeKey: `contact-acknowledgement:${stored.id}`,
          ...contactAcknowledgementEmail(data),
        },
        { tx },
      );
    });
  } catch (error) {
    // Nothing was committed; the visitor is told to try again or reach us directly.
    logger.error({ err: error }, "contact message could not be stored");
    return { outcome: "failed" };
  }
  email.deliverSoon();
  return { outcome: "sent" };
}

async function storeContactMessage(db: Database, form: ContactForm, ipAddress: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: form.name,
      email: form.email,
      phone: form.phone || null,
      message: form.message,
      sourcePath: form.returnTo,
      ipAddress,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row!;
}
