import type { AppLoadContext } from "react-router";
import { logger } from "~/platform/config/logger.server";
import type { CheckoutSessionObject } from "~/platform/payments/provider";
import { sessionState } from "~/platform/payments/stripe.server";
import {
  SUBSCRIPTION_EVENTS,
  applyStripeSubscriptionEvent,
} from "~/capabilities/subscriptions/public.server";
import { expireQuotePayment, fulfilQuotePayment } from "~/capabilities/quotes/public.server";
import { expireOrder, fulfilOrder } from "./checkout.server";

const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.expired",
]);

export interface WebhookReply {
  status: number;
  body: string;
}

/**
 * Verifies and applies one Stripe event. Stripe retries anything but a 2xx, so a bad signature
 * is a 400 and an event we do not act on is still acknowledged.
 */
export async function handleStripeWebhook(
  context: Pick<AppLoadContext, "db" | "env" | "services" | "logger" | "clientIp">,
  payload: string,
  signature: string | null,
): Promise<WebhookReply> {
  const webhooks = context.services.paymentWebhooks;
  if (!webhooks) return { status: 404, body: "Stripe webhooks are not configured." };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header." };

  const verified = webhooks.verify(payload, signature);
  if ("refused" in verified) return { status: 400, body: verified.refused };
  const { event } = verified;

  const session = event.data?.object as Partial<CheckoutSessionObject> | undefined;
  const subscriptionEvent = (SUBSCRIPTION_EVENTS as readonly string[]).includes(event.type);
  const handled = HANDLED_EVENTS.has(event.type) || subscriptionEvent;
  if (handled && typeof session?.id !== "string") {
    // Signed by Stripe but unusable: acknowledged on purpose, or Stripe would retry it for days.
    logger.warn({ eventId: event.id, type: event.type }, "ignored a malformed Stripe event");
    return { status: 200, body: "ignored: malformed event" };
  }

  try {
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        // A completed session with a delayed payment method is not paid yet; its
        // async_payment_succeeded event follows.
        if (sessionState(session as CheckoutSessionObject).paid) {
          const order = await fulfilOrder(context, session!.id!, {
            subscriptionId: idOf(session!.subscription),
            customerId: idOf(session!.customer),
          });
          // Not a plan's session: a quote's deposit (a one-off payment), if it is one of ours.
          if (!order) await fulfilQuotePayment(context, session!.id!);
        }
        break;
      }
      case "checkout.session.expired":
        await expireOrder(context, session!.id!);
        await expireQuotePayment(context, session!.id!);
        break;
      default:
        if (subscriptionEvent && !(await applyStripeSubscriptionEvent(context, event))) {
          return { status: 200, body: "ignored: not one of our subscriptions" };
        }
    }
  } catch (error) {
    // Refused on purpose: Stripe retries, and the event is applied once the cause is gone.
    logger.error({ err: error, eventId: event.id, type: event.type }, "Stripe event failed");
    return { status: 503, body: "Temporarily unable to process the event; retry later." };
  }
  return { status: 200, body: "ok" };
}

function idOf(value: unknown) {
  if (typeof value === "string") return value;
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
}
