import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { orders } from "~/platform/db/schema/index";
import type { PaymentProvider } from "./provider";

/** The built-in payment page of test mode; no money moves. */
export function testPaymentPath(sessionId: string) {
  return `/checkout/test-payment/${encodeURIComponent(sessionId)}`;
}

/**
 * Test mode, the offline default: sessions live in the orders table itself, and the built-in
 * payment page marks an order paid the way Stripe's webhook would.
 */
export function testPaymentProvider(db: Database, publicUrl: string): PaymentProvider {
  return {
    name: "test",
    async createCheckoutSession() {
      const id = `test_cs_${randomBytes(18).toString("base64url")}`;
      return { id, url: publicUrl + testPaymentPath(id) };
    },
    async getCheckoutSession(id) {
      const [order] = await db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.providerSessionId, id));
      if (!order) return null;
      return { id, paid: order.status === "paid", expired: order.status === "expired" };
    },
  };
}
