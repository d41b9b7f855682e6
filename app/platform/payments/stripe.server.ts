import { createRequire } from "node:module";
import type Stripe from "stripe";
import type {
  CheckoutSessionObject,
  CheckoutSessionRequest,
  CheckoutSessionState,
  PaymentCheckoutRequest,
  PaymentProvider,
  PaymentWebhooks,
} from "./provider";

export interface StripeSettings {
  secretKey: string;
  /** Only to point the client somewhere other than api.stripe.com (the tests' fake). */
  apiBase?: string;
}

/**
 * Stripe's SDK (about 20 MB), required only by an instance that takes real payments: in test mode
 * it is never loaded (docs/performance.md, memory). A require, not an import, so the factories
 * below stay synchronous.
 */
const stripeSdk = () => createRequire(import.meta.url)("stripe") as typeof Stripe;

export function createStripeClient({ secretKey, apiBase }: StripeSettings) {
  const base = apiBase ? new URL(apiBase) : undefined;
  const StripeSdk = stripeSdk();
  return new StripeSdk(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "http:" ? "http" : "https",
    }),
  });
}

/** Stripe Checkout in subscription mode: the plan renews, the setup fee is charged once. */
export function stripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",

    async createCheckoutSession(request: CheckoutSessionRequest) {
      const recurring = { interval: request.interval === "annual" ? "year" : "month" } as const;
      let couponId: string | undefined;
      if (request.discount && request.discount.amountCents > 0) {
        // Our discount is already in cents, so Stripe charges exactly what the order records.
        const coupon = await stripe.coupons.create(
          {
            amount_off: request.discount.amountCents,
            currency: "usd",
            duration: request.discount.duration,
            name: request.discount.code,
            metadata: { order_id: request.orderId },
          },
          { idempotencyKey: `coupon:${request.orderId}` },
        );
        couponId = coupon.id;
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: "subscription",
          customer_email: request.customerEmail,
          client_reference_id: request.orderId,
          metadata: { order_id: request.orderId },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: request.planPriceCents,
                recurring,
                product_data: { name: request.planLabel },
              },
            },
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: request.setupFeeCents,
                product_data: { name: "One-time store setup fee" },
              },
            },
          ],
          ...(couponId && { discounts: [{ coupon: couponId }] }),
          // Lets subscription and invoice events find their order, whatever order they arrive in.
          subscription_data: { metadata: { order_id: request.orderId } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // One order is one session, however often the request is retried.
        { idempotencyKey: `checkout-session:${request.orderId}` },
      );
      return { id: session.id, url: session.url ?? null };
    },

    async createPaymentCheckout(request: PaymentCheckoutRequest) {
      const metadata = { payment_reference: request.reference };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: request.customerEmail,
          client_reference_id: request.reference,
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: request.amountCents,
                product_data: { name: request.description },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        // One attempt is one session: a double submit or a retry gets the same page back.
        { idempotencyKey: `payment-session:${request.reference}` },
      );
      return { id: session.id, url: session.url ?? null };
    },

    async createPortalSession(customerId: string, returnUrl: string) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    async getCheckoutSession(id: string): Promise<CheckoutSessionState | null> {
      try {
        return sessionState(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeInvalidRequestError && error.statusCode === 404) {
          return null;
        }
        throw error;
      }
    },
  };
}

export function sessionState(session: CheckoutSessionObject): CheckoutSessionState {
  return {
    id: session.id,
    paid:
      session.status === "complete" &&
      (session.payment_status === "paid" || session.payment_status === "no_payment_required"),
    expired: session.status === "expired",
  };
}

/** Stripe's own default: a signed timestamp more than 5 minutes away, past or future, is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe's webhook signatures, checked with the endpoint's signing secret (whsec_...). */
export function stripeWebhooks(secret: string): PaymentWebhooks {
  return {
    verify(payload, signature) {
      let event: Stripe.Event;
      try {
        event = stripeSdk().webhooks.constructEvent(
          payload,
          signature,
          secret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        return error instanceof stripeSdk().errors.StripeSignatureVerificationError
          ? { refused: "Invalid signature." }
          : { refused: "Malformed event: the payload is not a JSON event." };
      }
      // Stripe's library only refuses old timestamps; a replay window must close both ways.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
      if (
        !Number.isFinite(signedAt) ||
        Math.abs(Date.now() / 1000 - signedAt) > WEBHOOK_TOLERANCE_SECONDS
      ) {
        return { refused: "Timestamp outside the tolerance zone." };
      }
      return { event };
    },
  };
}
