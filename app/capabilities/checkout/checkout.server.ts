import { and, eq, ne } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { orders } from "~/platform/db/schema/index";
import { SESSION_ID_PLACEHOLDER } from "~/platform/payments/provider";
import {
  type BillingInterval,
  PLANS,
  type PlanName,
  checkoutPath,
  planPriceCents,
} from "~/capabilities/pricing/public";
import { findPricingTier } from "~/capabilities/pricing/public.server";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import {
  startSubscription,
  subscriptionManageUrl,
} from "~/capabilities/subscriptions/public.server";
import { type CouponTerms, computeCharges } from "./charges";
import { orderConfirmationEmail } from "./confirmation-email";
import { lookUpCheckoutCoupon } from "./coupons.server";
import { isValidEmail } from "~/platform/lib/email";
import { checkoutMessages } from "./messages";

/** Far more than a buyer needs; few enough that the form cannot be used to send email in bulk. */
export const CHECKOUT_LIMIT = { limit: 10, windowMs: 60 * 60_000 };

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger" | "clientIp">;

export interface CheckoutRequest {
  plan: PlanName;
  interval: BillingInterval;
  email: string;
  couponCode: string;
}

export type CheckoutResult =
  | { ok: true; orderId: string; sessionId: string; url: string }
  | {
      ok: false;
      field: "email" | "coupon" | "form";
      message: string;
      /** Set when a rate limit refused it: answered 429 with Retry-After. */
      retryAfterSeconds?: number;
    };

/**
 * Records an order and opens a payment session for it. Every amount comes from the database;
 * the browser only names the plan, the interval, the email and the coupon code.
 */
export async function startCheckout(
  context: Context,
  request: CheckoutRequest,
): Promise<CheckoutResult> {
  const email = request.email.trim();
  if (!email) return { ok: false, field: "email", message: checkoutMessages.emailMissing };
  if (!isValidEmail(email)) {
    return { ok: false, field: "email", message: checkoutMessages.emailInvalid };
  }

  let coupon: CouponTerms | null = null;
  if (request.couponCode.trim()) {
    const lookup = await lookUpCheckoutCoupon(context, request.couponCode);
    if (!lookup.ok) {
      return {
        ok: false,
        field: "coupon",
        message: lookup.message,
        retryAfterSeconds: lookup.retryAfterSeconds,
      };
    }
    coupon = lookup.coupon;
  }

  const provider = context.services.payments;
  let orderId: string | undefined;
  try {
    // Test mode confirms any address it is given, so sessions per visitor are limited too.
    const limit = await hitRateLimit(context.db, `checkout:${context.clientIp}`, CHECKOUT_LIMIT);
    if (!limit.allowed) {
      return {
        ok: false,
        field: "form",
        message: checkoutMessages.checkoutRateLimited,
        retryAfterSeconds: limit.retryAfterSeconds,
      };
    }
    const tier = await findPricingTier(context.db, request.plan);
    if (!tier) return { ok: false, field: "form", message: checkoutMessages.pricingFailed };
    const charges = computeCharges({
      planPriceCents: planPriceCents(tier, request.interval),
      setupFeeCents: tier.setupFeeCents,
      coupon,
    });
    const [order] = await context.db
      .insert(orders)
      .values({
        plan: request.plan,
        interval: request.interval,
        customerEmail: email,
        couponCode: coupon?.code ?? null,
        planPriceCents: charges.planPriceCents,
        setupFeeCents: charges.setupFeeCents,
        firstPaymentCents: charges.firstPaymentCents,
        recurringPaymentCents: charges.recurringPaymentCents,
        provider: provider.name,
      })
      .returning({ id: orders.id });
    orderId = order!.id;

    const { PUBLIC_URL } = context.env;
    const session = await provider.createCheckoutSession({
      orderId,
      customerEmail: email,
      planLabel: `${PLANS[request.plan].label} webstore plan`,
      interval: request.interval,
      planPriceCents: charges.planPriceCents,
      setupFeeCents: charges.setupFeeCents,
      discount:
        coupon && charges.discountCents > 0
          ? {
              code: coupon.code,
              amountCents: charges.discountCents,
              duration: coupon.firstTransactionOnly ? "once" : "forever",
            }
          : null,
      successUrl: `${PUBLIC_URL}/checkout-success?session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: PUBLIC_URL + checkoutPath(request.plan, request.interval),
    });
    await context.db
      .update(orders)
      .set({ providerSessionId: session.id })
      .where(eq(orders.id, orderId));
    if (!session.url) {
      return { ok: false, field: "form", message: checkoutMessages.noCheckoutUrl };
    }
    return { ok: true, orderId, sessionId: session.id, url: session.url };
  } catch (error) {
    context.logger.error({ err: error }, "checkout session could not be created");
    // The attempt stays on record, closed, so it never looks like a payment in progress.
    if (orderId) {
      await context.db
        .update(orders)
        .set({ status: "expired" })
        .where(eq(orders.id, orderId))
        .catch(() => {});
    }
    return { ok: false, field: "form", message: checkoutMessages.sessionFailed };
  }
}

export async function findOrderBySession(context: Pick<Context, "db">, sessionId: string) {
  const [order] = await context.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return order ?? null;
}

/**
 * Marks the order of a paid session paid and queues its confirmation email. Safe to call any
 * number of times, from the success page, the webhook or the test payment page, in any order:
 * the email's dedupe key lets exactly one through.
 */
export async function fulfilOrder(
  context: Context,
  sessionId: string,
  providerIds: { customerId?: string | null; subscriptionId?: string | null } = {},
) {
  const order = await findOrderBySession(context, sessionId);
  if (!order) return null;
  const [updated] = await context.db
    .update(orders)
    .set({ status: "paid", paidAt: new Date() })
    .where(and(eq(orders.id, order.id), ne(orders.status, "paid")))
    .returning();
  const paid = updated ?? order;
  const subscription = await startSubscription(context.db, paid, providerIds);
  // Queued even when the order was already paid: a crash between the two writes must not
  // leave a paid order without its email.
  await context.services.email.queue({
    kind: "checkout-confirmation",
    to: paid.customerEmail,
    dedupeKey: `order-confirmation:${paid.id}`,
    ...orderConfirmationEmail(paid, subscriptionManageUrl(context, subscription.id)),
  });
  return paid;
}

/** An abandoned session closes its order; a paid order stays paid whatever arrives late. */
export async function expireOrder(context: Pick<Context, "db">, sessionId: string) {
  await context.db
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.providerSessionId, sessionId), eq(orders.status, "pending")));
}

export type SessionConfirmation =
  | { state: "paid"; order: NonNullable<Awaited<ReturnType<typeof findOrderBySession>>> }
  | { state: "unpaid" | "unknown" | "unavailable" };

/** The success page's question: has this session really been paid? The provider decides. */
export async function confirmCheckoutSession(
  context: Context,
  sessionId: string,
): Promise<SessionConfirmation> {
  try {
    const order = await findOrderBySession(context, sessionId);
    if (!order) return { state: "unknown" };
    const session = await context.services.payments.getCheckoutSession(sessionId);
    if (!session) return { state: "unknown" };
    if (!session.paid) return { state: "unpaid" };
    const paid = await fulfilOrder(context, sessionId);
    return paid ? { state: "paid", order: paid } : { state: "unknown" };
  } catch (error) {
    context.logger.error({ err: error }, "checkout session could not be confirmed");
    return { state: "unavailable" };
  }
}
