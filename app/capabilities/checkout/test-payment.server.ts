import type { AppLoadContext } from "react-router";
import { testCardOutcome, testCardMessages } from "~/platform/payments/test-cards";
import { findOrderBySession, fulfilOrder } from "./checkout.server";

type Context = Pick<AppLoadContext, "db" | "env" | "services" | "logger" | "clientIp">;

/** The order behind a test-mode session; null for unknown ids and for real Stripe orders. */
export async function findTestModeOrder(context: Context, sessionId: string) {
  const order = await findOrderBySession(context, sessionId);
  return order?.provider === "test" ? order : null;
}

export type TestPaymentResult = { ok: true } | { ok: false; message: string };

/** What Stripe does for a real card: a good test card pays the order, like its webhook would. */
export async function payTestSession(
  context: Context,
  sessionId: string,
  cardNumber: string,
): Promise<TestPaymentResult> {
  const outcome = testCardOutcome(cardNumber);
  if (outcome !== "paid") return { ok: false, message: testCardMessages[outcome] };
  await fulfilOrder(context, sessionId);
  return { ok: true };
}
