import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { orders, quotePayments } from "~/platform/db/schema/index";
import type { PaymentProvider } from "./provider";

/** The built-in payment page of test mode; no money moves. */
export function testPaymentPath(sessionId: string) {
  return `/checkout/test-payment/${encodeURIComponent(sessionId)}`;
}

/**
 * Test mode, the offline default: sessions live in the orders table itself (and, for one-off
 * payments, in quote_payments), and the built-in payment page marks them paid the way Stripe's
 * webhook would.
 */
export function testPaymentProvider(db: Database, publicUrl: string): PaymentProvider {
  return {
    name: "test",
    async createCheckoutSession() {
      const id = `test_cs_${randomBytes(18).toString("base64url")}`;
      return { id, url: publicUrl + testPaymentPath(id) };
    },
    async createPaymentCheckout(request) {
      // Derived from the reference, as Stripe's idempotency key makes its session: the same
      // attempt submitted twice gets the same page.
      const digest = createHash("sha256").update(`payment:${request.reference}`).digest();
      const id = `test_cs_${digest.subarray(0, 18).toString("base64url")}`;
      return { id, url: publicUrl + testPaymentPath(id) };
    },
    async getCheckoutSession(id) {
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.providerSessionId, id));
      const [payment] = order
        ? []
        : await db
            .select({ status: quotePayments.status })
            .from(quotePayments)
            .where(eq(quotePayments.providerSessionId, id));
      const found = order ?? payment;
      if (!found) return null;
      return { id, paid: found.status === "paid", expired: found.status === "expired" };
    },
  };
}
