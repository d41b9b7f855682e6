import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { orders, subscriptions } from "~/platform/db/schema/index";
import {
  type SubscriptionChange,
  type SubscriptionStatus,
  applySubscriptionChange,
  startSubscription,
} from "./subscriptions.server";

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger">;

export const SUBSCRIPTION_EVENTS = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v && typeof v === "object" ? (v as Loose) : {});
const str = (v: unknown) =>
  typeof v === "string" ? v : typeof obj(v).id === "string" ? (obj(v).id as string) : null;
const seconds = (v: unknown) =>
  typeof v === "number" && Number.isFinite(v) ? new Date(v * 1000) : undefined;

export function mapStripeStatus(status: unknown): SubscriptionStatus {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

// Stripe moved the period end onto the subscription items (API 2025-03-31); both are read.
function periodEnd(subscription: Loose) {
  const items = obj(subscription.items).data;
  const itemEnds = Array.isArray(items) ? items.map((i) => obj(i).current_period_end) : [];
  const ends = [subscription.current_period_end, ...itemEnds].filter(
    (v) => typeof v === "number",
  ) as number[];
  return ends.length ? new Date(Math.max(...ends) * 1000) : undefined;
}

function invoiceSubscription(invoice: Loose) {
  const details = obj(obj(invoice.parent).subscription_details);
  const legacy = obj(invoice.subscription_details);
  return {
    subscriptionId: str(details.subscription) ?? str(invoice.subscription),
    orderId: str(obj(details.metadata).order_id) ?? str(obj(legacy.metadata).order_id),
  };
}

function invoicePeriodEnd(invoice: Loose) {
  const lines = obj(invoice.lines).data;
  const ends = Array.isArray(lines)
    ? (lines.map((l) => obj(obj(l).period).end).filter((v) => typeof v === "number") as number[])
    : [];
  return ends.length ? new Date(Math.max(...ends) * 1000) : undefined;
}

/**
 * Our subscription row for a Stripe subscription: by its id, else by the order id Checkout put
 * in its metadata (the event can arrive before checkout.session.completed). Null for a
 * subscription that is not ours.
 */
async function resolve(
  context: Context,
  stripeSubscriptionId: string | null,
  orderId: string | null,
  customerId: string | null,
) {
  if (stripeSubscriptionId) {
    const [row] = await context.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, stripeSubscriptionId));
    if (row) return row.id;
  }
  if (!orderId || !/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.provider !== "stripe") return null;
  const row = await startSubscription(context.db, order, {
    subscriptionId: stripeSubscriptionId,
    customerId,
  });
  return row.providerSubscriptionId === stripeSubscriptionId || !stripeSubscriptionId
    ? row.id
    : null;
}

/** Applies one of SUBSCRIPTION_EVENTS; returns false when the event is not about one of ours. */
export async function applyStripeSubscriptionEvent(
  context: Context,
  event: { type: string; created: number; data: { object: unknown } },
) {
  const object = obj(event.data.object);
  const eventAt = seconds(event.created) ?? new Date();
  if (event.type.startsWith("customer.subscription.")) {
    const id = await resolve(
      context,
      str(object.id),
      str(obj(object.metadata).order_id),
      str(object.customer),
    );
    if (!id) return false;
    const change: SubscriptionChange = {
      status:
        event.type === "customer.subscription.deleted"
          ? "canceled"
          : mapStripeStatus(object.status),
      currentPeriodEnd: periodEnd(object),
      cancelAtPeriodEnd:
        typeof object.cancel_at_period_end === "boolean" ? object.cancel_at_period_end : undefined,
      canceledAt: object.canceled_at === null ? null : seconds(object.canceled_at),
      providerCustomerId: str(object.customer) ?? undefined,
    };
    await applySubscriptionChange(context, id, change, eventAt);
    return true;
  }
  const { subscriptionId, orderId } = invoiceSubscription(object);
  const id = await resolve(context, subscriptionId, orderId, str(object.customer));
  if (!id) return false;
  if (event.type === "invoice.paid") {
    await applySubscriptionChange(
      context,
      id,
      { status: "active", currentPeriodEnd: invoicePeriodEnd(object) },
      eventAt,
    );
  } else {
    await applySubscriptionChange(context, id, { status: "past_due" }, eventAt, {
      failedPayment: true,
      invoiceId: str(object.id) ?? undefined,
    });
  }
  return true;
}
