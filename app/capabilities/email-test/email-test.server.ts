import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import type { FormFields } from "~/platform/forms/read.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import { site } from "~/platform/config/site";
import { computeCharges } from "~/capabilities/checkout/public";
import { orderConfirmationEmail } from "~/capabilities/checkout/public";
import { transcriptEmail } from "~/capabilities/chat/public.server";
import { BILLING_INTERVALS, PLAN_NAMES } from "~/capabilities/pricing/public";
import { findPricingTier } from "~/capabilities/pricing/public.server";

type Context = Pick<AppLoadContext, "db" | "env" | "services">;

export function senderLines(env: AppLoadContext["env"]) {
  return {
    from: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
    replyTo: env.COMPANY_INBOX ?? site.email,
  };
}

const checkoutInput = z.object({
  kind: z.literal("checkout"),
  email: z.string().trim().min(1, "Email Required").pipe(z.email("Enter a valid email address.")),
  plan: z.enum(PLAN_NAMES),
  interval: z.enum(BILLING_INTERVALS),
});

const transcriptInput = z.object({
  kind: z.literal("transcript"),
  email: z
    .string()
    .trim()
    .min(1, "Transcript Required")
    .pipe(z.email("Enter a valid email address.")),
  subject: z.string().trim().max(200).default(""),
  transcript: z.string().trim().min(1, "Transcript Required").max(20_000),
});

/** The queued email, as the page shows it. */
export type QueuedTestEmail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  from: string;
  replyTo: string;
};

const QUEUED = "The test email is queued in the Email Outbox.";

function refused(issue: { path: PropertyKey[]; message: string }) {
  const field = String(issue.path[0] ?? "form");
  return {
    status: 400,
    body: failed<QueuedTestEmail>(issue.message, { fieldErrors: { [field]: issue.message } }),
  };
}

/** Queues one test email and answers with what the page shows of it. */
async function queue(
  context: Context,
  from: string,
  email: { kind: string; to: string; replyTo: string; subject: string; html: string; text: string },
) {
  const queued = await context.services.email.queue(email);
  const { kind, to, replyTo, subject } = email;
  return {
    status: 200,
    body: succeeded<QueuedTestEmail>(QUEUED, "Success", {
      id: queued.id,
      kind,
      to,
      subject,
      from,
      replyTo,
    }),
  };
}

/** Queues a test email through the outbox with the real template; 400 with a message on bad input. */
export async function sendTestEmail(
  context: Context,
  fields: FormFields,
): Promise<{ status: number; body: FormResult<QueuedTestEmail> }> {
  const { from, replyTo } = senderLines(context.env);
  if (fields.kind === "checkout") {
    const parsed = checkoutInput.safeParse(fields);
    if (!parsed.success) return refused(parsed.error.issues[0]!);
    const { email, plan, interval } = parsed.data;
    const tier = await findPricingTier(context.db, plan);
    const planPriceCents = tier
      ? interval === "annual"
        ? tier.annualPriceCents
        : tier.monthlyPriceCents
      : 0;
    const charges = computeCharges({
      planPriceCents,
      setupFeeCents: tier?.setupFeeCents ?? 0,
      coupon: null,
    });
    const content = orderConfirmationEmail({
      id: `TEST-${randomUUID().slice(0, 8).toUpperCase()}`,
      provider: context.services.payments.name,
      plan,
      interval,
      customerEmail: email,
      couponCode: null,
      firstPaymentCents: charges.firstPaymentCents,
      recurringPaymentCents: charges.recurringPaymentCents,
    });
    return queue(context, from, {
      kind: "test-checkout-confirmation",
      to: email,
      replyTo,
      ...content,
    });
  }
  if (fields.kind === "transcript") {
    const parsed = transcriptInput.safeParse(fields);
    if (!parsed.success) return refused(parsed.error.issues[0]!);
    const { email, subject, transcript } = parsed.data;
    const content = transcriptEmail({ customerEmail: email, subject, transcript });
    // Like the real transcript: to the team's inbox, replies go to the customer.
    return queue(context, from, {
      kind: "test-chat-transcript",
      to: replyTo,
      replyTo: email,
      ...content,
    });
  }
  return { status: 400, body: failed("Unknown test email kind.") };
}
