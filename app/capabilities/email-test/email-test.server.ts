import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
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

export type TestEmailResponse =
  | {
      success: true;
      id: string;
      kind: string;
      to: string;
      subject: string;
      from: string;
      replyTo: string;
    }
  | { success: false; error: string };

/** Queues a test email through the outbox with the real template; 400 with a message on bad input. */
export async function sendTestEmail(
  context: Context,
  form: FormData,
): Promise<{ status: number; body: TestEmailResponse }> {
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const { from, replyTo } = senderLines(context.env);
  if (fields.kind === "checkout") {
    const parsed = checkoutInput.safeParse(fields);
    if (!parsed.success)
      return { status: 400, body: { success: false, error: parsed.error.issues[0]!.message } };
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
      plan,
      interval,
      customerEmail: email,
      couponCode: null,
      firstPaymentCents: charges.firstPaymentCents,
      recurringPaymentCents: charges.recurringPaymentCents,
    });
    const queued = await context.services.email.queue({
      kind: "test-checkout-confirmation",
      to: email,
      replyTo,
      ...content,
    });
    return {
      status: 200,
      body: {
        success: true,
        id: queued.id,
        kind: "test-checkout-confirmation",
        to: email,
        subject: content.subject,
        from,
        replyTo,
      },
    };
  }
  if (fields.kind === "transcript") {
    const parsed = transcriptInput.safeParse(fields);
    if (!parsed.success)
      return { status: 400, body: { success: false, error: parsed.error.issues[0]!.message } };
    const { email, subject, transcript } = parsed.data;
    const content = transcriptEmail({ customerEmail: email, subject, transcript });
    // Like the real transcript: to the team's inbox, replies go to the customer.
    const queued = await context.services.email.queue({
      kind: "test-chat-transcript",
      to: replyTo,
      replyTo: email,
      ...content,
    });
    return {
      status: 200,
      body: {
        success: true,
        id: queued.id,
        kind: "test-chat-transcript",
        to: replyTo,
        subject: content.subject,
        from,
        replyTo: email,
      },
    };
  }
  return { status: 400, body: { success: false, error: "Unknown test email kind." } };
}
