import type Stripe from "stripe";
import type { AppLoadContext } from "react-router";
import type { PaymentProvider } from "./provider";
import { createStripeClient, stripePaymentProvider } from "./stripe.server";
import { testPaymentProvider } from "./test-mode.server";

const stripeClients = new Map<string, Stripe>();

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test mode. */
export function paymentProvider(context: Pick<AppLoadContext, "db" | "env">): PaymentProvider {
  const { env, db } = context;
  if (!env.STRIPE_SECRET_KEY) return testPaymentProvider(db, env.PUBLIC_URL);
  const cacheKey = `${env.STRIPE_SECRET_KEY}@${env.STRIPE_API_BASE ?? ""}`;
  let client = stripeClients.get(cacheKey);
  if (!client) {
    client = createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE });
    stripeClients.set(cacheKey, client);
  }
  return stripePaymentProvider(client);
}
