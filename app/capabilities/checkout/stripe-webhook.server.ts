import Stripe from "stripe";
import type { AppLoadContext } from "react-router";
import { logger } from "~/platform/config/logger.server";
import { sessionState } from "~/platform/payments/stripe.server";
import {
  SUBSCRIPTION_EVENTS,
  applyStripeSubscriptionEvent,
} from "~/capabilities/subscriptions/public.server";
import { expireOrder, fulfilOrder } from "./checkout.server";

/** Stripe's own default: a signed timestamp more than 5 minutes away, past or future, is refused. */
export const TOLERANCE_SECONDS = 300;

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
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 404, body: "Stripe webhooks are not configured." };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header." };

  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret, TOLERANCE_SECONDS);
  } catch (error) {
    return error instanceof Stripe.errors.StripeSignatureVerificationError
      ? { status: 400, body: "Invalid signature." }
      : { status: 400, body: "Malformed event: the payload is not a JSON event." };
  }
  // Stripe's library only refuses old timestamps; a replay window must close both ways.
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(signedAt) || Math.abs(Date.now() / 1000 - signedAt) > TOLERANCE_SECONDS) {
    return { status: 400, body: "Timestamp outside the tolerance zone." };
  }

  const session = event.data?.object as Partial<Stripe.Checkout.Session> | undefined;
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
        if (sessionState(session as Stripe.Checkout.Session).paid) {
          await fulfilOrder(context, session!.id!, {
            subscriptionId: idOf(session!.subscription),
            customerId: idOf(session!.customer),
          });
        }
        break;
      }
      case "checkout.session.expired":
        await expireOrder(context, session!.id!);
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
