import type { BillingInterval } from "~/platform/db/enums";

/** What a checkout asks the payment provider for; every amount is integer cents. */
export interface CheckoutSessionRequest {
  orderId: string;
  customerEmail: string;
  /** Shown on the provider's payment page, e.g. "Pro plan". */
  planLabel: string;
  interval: BillingInterval;
  planPriceCents: number;
  setupFeeCents: number;
  discount: {
    code: string;
    amountCents: number;
    /** "once": the first payment only; "forever": every payment. */
    duration: "once" | "forever";
  } | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A one-off payment (a quote's deposit): one amount, no subscription. `reference` is the app's
 * own id for the attempt; the same reference always gives the same session.
 */
export interface PaymentCheckoutRequest {
  reference: string;
  customerEmail: string;
  /** What the buyer pays for, shown on the provider's payment page ("Deposit for quote Q-1001"). */
  description: string;
  amountCents: number;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the buyer pays; null if the provider did not return one. */
  url: string | null;
}

export interface CheckoutSessionState {
  id: string;
  paid: boolean;
  expired: boolean;
}

/** One interface, two implementations: Stripe Checkout and the built-in test mode. */
export interface PaymentProvider {
  name: "stripe" | "test";
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** A one-off payment page (Stripe Checkout in mode "payment"; the test-mode page offline). */
  createPaymentCheckout(request: PaymentCheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider knows it, or null when it does not exist. */
  getCheckoutSession(id: string): Promise<CheckoutSessionState | null>;
  /**
   * Stripe only: a Billing customer-portal session for the customer, opened on demand; returns
   * the portal's URL. Test mode has no portal; the app shows its own page instead.
   */
  createPortalSession?(customerId: string, returnUrl: string): Promise<string>;
}

/** A provider's event, as its webhook sent it once the signature has been checked. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: unknown };
}

/** The fields of a checkout session, as an event carries it, that the app reads. */
export interface CheckoutSessionObject {
  id: string;
  status?: string | null;
  payment_status?: string | null;
  subscription?: unknown;
  customer?: unknown;
}

/** Checks deliveries to the provider's webhook (Stripe's, when STRIPE_WEBHOOK_SECRET is set). */
export interface PaymentWebhooks {
  /** The event when the signature is good and recent; otherwise why it is refused, in words. */
  verify(payload: string, signature: string): { event: PaymentEvent } | { refused: string };
}

/** Stripe's placeholder, replaced with the session id when it redirects back. */
export const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";
