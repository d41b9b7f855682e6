import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import type { PaymentProvider, PaymentWebhooks } from "./provider";
import { createStripeClient, stripePaymentProvider, stripeWebhooks } from "./stripe.server";
import { testPaymentProvider } from "./test-mode.server";

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the built-in test mode. */
export function createPaymentProvider(
  db: Database,
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE" | "PUBLIC_URL">,
): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) return testPaymentProvider(db, env.PUBLIC_URL);
  return stripePaymentProvider(
    createStripeClient({ secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE }),
  );
}

/** Stripe's webhook when STRIPE_WEBHOOK_SECRET is set; otherwise the endpoint is not there. */
export function createPaymentWebhooks(
  env: Pick<Env, "STRIPE_WEBHOOK_SECRET">,
): PaymentWebhooks | undefined {
  return env.STRIPE_WEBHOOK_SECRET ? stripeWebhooks(env.STRIPE_WEBHOOK_SECRET) : undefined;
}
