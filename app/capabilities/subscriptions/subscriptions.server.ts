import { and, eq, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Database } from "~/platform/db/client.server";
import { orders, subscriptions } from "~/platform/db/schema/index";
import { cancellationEmail, continuesEmail, paymentFailedEmail } from "./emails";
import { manageUrl } from "./manage-token.server";

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger">;
export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionStatus = Subscription["status"];
type Order = typeof orders.$inferSelect;

export function addInterval(from: Date, interval: Order["interval"]) {
  const next = new Date(from);
  if (interval === "annual") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function subscriptionManageUrl(context: Pick<Context, "env">, subscriptionId: string) {
  return manageUrl(context.env.PUBLIC_URL, context.env.AUTH_SECRET, subscriptionId);
}

/**
 * The subscription of a paid order, created once however often the order is fulfilled. Provider
 * ids arrive later with Stripe's webhook when the success page got there first; they are filled
 * in then and never replaced.
 */
export async function startSubscription(
  db: Database,
  order: Order,
  ids: { customerId?: string | null; subscriptionId?: string | null } = {},
) {
  const testMode = order.provider === "test";
  const paidAt = order.paidAt ?? new Date();
  const [row] = await db
    .insert(subscriptions)
    .values({
      orderId: order.id,
      plan: order.plan,
      interval: order.interval,
      provider: order.provider,
      status: "active",
      // Stripe tells the real period end in its events; test mode keeps its own calendar.
      currentPeriodEnd: addInterval(paidAt, order.interval),
      providerCustomerId: ids.customerId ?? (testMode ? `test_cus_${order.id}` : null),
      providerSubscriptionId: ids.subscriptionId ?? (testMode ? `test_sub_${order.id}` : null),
    })
    .onConflictDoUpdate({
      target: subscriptions.orderId,
      set: {
        providerCustomerId: sql`coalesce(${subscriptions.providerCustomerId}, excluded.provider_customer_id)`,
        providerSubscriptionId: sql`coalesce(${subscriptions.providerSubscriptionId}, excluded.provider_subscription_id)`,
      },
    })
    .returning();
  return row!;
}

export async function findSubscription(db: Database, id: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return row ?? null;
}

export async function findSubscriptionWithOrder(db: Database, id: string) {
  const [row] = await db
    .select({ subscription: subscriptions, order: orders })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(eq(subscriptions.id, id));
  return row ?? null;
}

/** For the admin Orders screen: each order's subscription status and next renewal, by order id. */
export async function subscriptionForOrders(db: Database, orderIds: string[]) {
  const result = new Map<
    string,
    Pick<Subscription, "id" | "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "canceledAt">
  >();
  if (orderIds.length === 0) return result;
  const rows = await db
    .select({
      orderId: subscriptions.orderId,
      id: subscriptions.id,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      canceledAt: subscriptions.canceledAt,
    })
    .from(subscriptions)
    .where(inArray(subscriptions.orderId, orderIds));
  for (const { orderId, ...rest } of rows) result.set(orderId, rest);
  return result;
}

/** What an event says about a subscription; undefined fields are left as they are. */
export interface SubscriptionChange {
  status?: SubscriptionStatus;
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: Date | null;
  providerCustomerId?: string | null;
}

/**
 * Applies one provider event to a subscription, in any order and any number of times: an event
 * older than the newest one applied changes nothing, and a canceled subscription stays canceled.
 * Queues the buyer's emails for what changed; their dedupe keys make duplicates harmless.
 */
export async function applySubscriptionChange(
  context: Context,
  subscriptionId: string,
  change: SubscriptionChange,
  eventAt: Date,
  meta: { invoiceId?: string; failedPayment?: boolean } = {},
) {
  const before = await findSubscription(context.db, subscriptionId);
  if (!before) return null;
  const final = change.status === "canceled";
  const [after] = await context.db
    .update(subscriptions)
    .set({
      ...definedOnly(change),
      ...(final && { cancelAtPeriodEnd: false, canceledAt: change.canceledAt ?? eventAt }),
      lastEventAt: eventAt,
    })
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        ne(subscriptions.status, "canceled"),
        or(isNull(subscriptions.lastEventAt), lte(subscriptions.lastEventAt, eventAt)),
      ),
    )
    .returning();
  if (!after) return before;
  await queueChangeEmails(context, before, after, eventAt, meta);
  return after;
}

function definedOnly(change: SubscriptionChange) {
  return Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
}

async function queueChangeEmails(
  context: Context,
  before: Subscription,
  after: Subscription,
  eventAt: Date,
  meta: { invoiceId?: string; failedPayment?: boolean },
) {
  const [order] = await context.db.select().from(orders).where(eq(orders.id, after.orderId));
  if (!order) return;
  const link = subscriptionManageUrl(context, after.id);
  if (meta.failedPayment && after.status === "past_due") {
    await context.services.email.queue({
      kind: "subscription-payment-failed",
      to: order.customerEmail,
      dedupeKey: `subscription-payment-failed:${after.id}:${meta.invoiceId ?? after.currentPeriodEnd?.toISOString()}`,
      ...paymentFailedEmail(after, link),
    });
  }
  const nowCancelled = after.cancelAtPeriodEnd || after.status === "canceled";
  const wasCancelled = before.cancelAtPeriodEnd || before.status === "canceled";
  if (nowCancelled && !wasCancelled) {
    await context.services.email.queue({
      kind: "subscription-canceled",
      to: order.customerEmail,
      // One per change, keyed by the change's time: a repeated event sends nothing more, while
      // cancel, resume and cancel again sends the second cancellation after the 'continues'.
      dedupeKey: `subscription-canceled:${after.id}:${eventAt.toISOString()}`,
      ...cancellationEmail(after, link),
    });
  }
  // A cancellation withdrawn before the period ends: the last email must not say "cancelled".
  if (before.cancelAtPeriodEnd && !nowCancelled && after.currentPeriodEnd) {
    await context.services.email.queue({
      kind: "subscription-resumed",
      to: order.customerEmail,
      dedupeKey: `subscription-resumed:${after.id}:${eventAt.toISOString()}`,
      ...continuesEmail(
        { ...after, currentPeriodEnd: after.currentPeriodEnd },
        order.recurringPaymentCents,
        link,
      ),
    });
  }
}

/** Test mode's own portal: cancel at the period end, or resume before it. */
export async function setCancelAtPeriodEnd(
  context: Context,
  subscriptionId: string,
  cancel: boolean,
) {
  const sub = await findSubscription(context.db, subscriptionId);
  if (!sub || sub.provider !== "test" || sub.status === "canceled") return null;
  return applySubscriptionChange(
    context,
    subscriptionId,
    { cancelAtPeriodEnd: cancel, canceledAt: cancel ? new Date() : null },
    new Date(),
  );
}
