import { and, desc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { orders, subscriptions } from "~/platform/db/schema/index";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import { isValidEmail } from "~/platform/lib/email";
import { manageLinkEmail } from "./emails";
import { verifyManageToken } from "./manage-token.server";
import {
  findSubscriptionWithOrder,
  setCancelAtPeriodEnd,
  subscriptionManageUrl,
} from "./subscriptions.server";

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger" | "clientIp">;

export const manageMessages = {
  invalid:
    "This link is not valid. Check that you copied the whole link from the email, or ask for a new one below.",
  expired: "This link has expired. Ask for a new one below; it arrives by email within a minute.",
  unavailable: "We could not open the billing portal just now. Please try again in a few minutes.",
  linkSent:
    "If that address has a subscription with us, a link to manage it is on its way. Check your inbox in a minute.",
  emailInvalid: "Enter a valid email address.",
  rateLimited: "Too many requests. Please wait a little and try again.",
} as const;

/** A few requests an hour per visitor: enough for a lost email, too few to probe addresses. */
export const MANAGE_LINK_LIMIT = { limit: 5, windowMs: 60 * 60_000 };

export type ManageView = {
  plan: string;
  interval: "monthly" | "annual";
  status: "active" | "past_due" | "canceled" | "incomplete";
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  email: string;
};

export type ManageOutcome =
  | { kind: "refused"; reason: "invalid" | "expired"; message: string }
  | { kind: "portal"; url: string }
  | { kind: "unavailable"; message: string }
  | { kind: "test"; subscription: ManageView };

/**
 * What a manage link opens: with Stripe, a customer-portal session created now (it lasts
 * minutes, the link lasts weeks); in test mode, our own page.
 */
export async function openManageLink(context: Context, token: string): Promise<ManageOutcome> {
  const check = verifyManageToken(context.env.AUTH_SECRET, token);
  if (!check.ok)
    return { kind: "refused", reason: check.reason, message: manageMessages[check.reason] };
  const found = await findSubscriptionWithOrder(context.db, check.subscriptionId);
  if (!found) return { kind: "refused", reason: "invalid", message: manageMessages.invalid };
  const { subscription, order } = found;
  if (subscription.provider === "stripe") {
    const provider = context.services.payments;
    if (!provider.createPortalSession || !subscription.providerCustomerId) {
      return { kind: "unavailable", message: manageMessages.unavailable };
    }
    try {
      const url = await provider.createPortalSession(
        subscription.providerCustomerId,
        `${context.env.PUBLIC_URL}/`,
      );
      return { kind: "portal", url };
    } catch (error) {
      context.logger.error({ err: error }, "billing portal session could not be created");
      return { kind: "unavailable", message: manageMessages.unavailable };
    }
  }
  return {
    kind: "test",
    subscription: {
      plan: subscription.plan,
      interval: subscription.interval,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      email: order.customerEmail,
    },
  };
}

/** Test mode's cancel and resume; false when the token does not allow it. */
export async function changeTestSubscription(context: Context, token: string, cancel: boolean) {
  const check = verifyManageToken(context.env.AUTH_SECRET, token);
  if (!check.ok) return false;
  return (await setCancelAtPeriodEnd(context, check.subscriptionId, cancel)) !== null;
}

export type LinkRequestResult =
  { ok: true; message: string } | { ok: false; message: string; retryAfterSeconds?: number };

/** Emails fresh manage links; the answer is the same whether or not the address has any. */
export async function requestManageLink(
  context: Context,
  rawEmail: string,
): Promise<LinkRequestResult> {
  const email = rawEmail.trim();
  if (!isValidEmail(email)) return { ok: false, message: manageMessages.emailInvalid };
  const limit = await hitRateLimit(
    context.db,
    `manage-link:${context.clientIp}`,
    MANAGE_LINK_LIMIT,
  );
  if (!limit.allowed) {
    return {
      ok: false,
      message: manageMessages.rateLimited,
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const found = await context.db
    .select({
      id: subscriptions.id,
      email: orders.customerEmail,
      provider: subscriptions.provider,
    })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(and(sql`lower(${orders.customerEmail}) = lower(${email})`))
    .orderBy(desc(subscriptions.createdAt))
    .limit(5);
  const hour = Math.floor(Date.now() / 3_600_000);
  for (const sub of found) {
    await context.services.email.queue({
      kind: "subscription-manage-link",
      to: sub.email,
      // One a subscription an hour, however often the form is sent.
      dedupeKey: `subscription-manage-link:${sub.id}:${hour}`,
      ...manageLinkEmail(subscriptionManageUrl(context, sub.id), sub.provider),
    });
  }
  return { ok: true, message: manageMessages.linkSent };
}
