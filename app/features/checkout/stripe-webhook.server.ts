import Stripe from "stripe";
import type { AppLoadContext } from "react-router";
import { sessionState } from "~/features/payments/stripe.server";
import { expireOrder, fulfilOrder } from "./checkout.server";

export interface WebhookReply {
  status: number;
  body: string;
}

/**
 * Verifies and applies one Stripe event. Stripe retries anything but a 2xx, so a bad signature
 * is a 400 and an event we do not act on is still acknowledged.
 */
export async function handleStripeWebhook(
  context: Pick<AppLoadContext, "db" | "env" | "email" | "clientIp">,
  payload: string,
  signature: string | null,
): Promise<WebhookReply> {
  const secret = context.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) return { status: 404, body: "Stripe webhooks are not configured." };
  if (!signature) return { status: 400, body: "Missing Stripe-Signature header." };

  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    return { status: 400, body: "Invalid signature." };
  }

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A completed session with a delayed payment method is not paid yet; its
      // async_payment_succeeded event follows.
      if (sessionState(event.data.object).paid) await fulfilOrder(context, event.data.object.id);
      break;
    }
    case "checkout.session.expired":
      await expireOrder(context, event.data.object.id);
      break;
  }
  return { status: 200, body: "ok" };
}
