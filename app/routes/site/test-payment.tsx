import { data, redirect, useNavigation } from "react-router";
import type { RouteHandle } from "~/root";
import { readForm, textField } from "~/platform/forms/read.server";
import { failed } from "~/platform/forms/result";
import { findTestModeOrder, payTestSession } from "~/capabilities/checkout/test-payment.server";
import { type TestPaymentOrder, TestPaymentPage } from "~/capabilities/checkout/TestPaymentPage";
import { PLANS } from "~/capabilities/pricing/plans";
import { payTestQuoteSession, testModeDeposit } from "~/capabilities/quotes/lifecycle.server";
import type { Route } from "./+types/test-payment";

export const handle: RouteHandle = { title: "Test payment", noindex: true };

const successPath = (sessionId: string) =>
  `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;

const toPricing = { to: "/pricing", label: "Back to pricing", from: "the pricing page" };

/** A webstore plan's checkout, or else a quote's deposit (a one-off payment). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await findTestModeOrder(context, params.sessionId);
  if (order) {
    if (order.status === "paid") throw redirect(successPath(params.sessionId));
    const annual = order.interval === "annual";
    return {
      order: {
        summary: `${PLANS[order.plan].label} plan, billed ${annual ? "annually" : "monthly"}, for ${order.customerEmail}.`,
        dueCents: order.firstPaymentCents,
        then: {
          label: `Then each ${annual ? "year" : "month"}`,
          cents: order.recurringPaymentCents,
        },
        expired: order.status === "expired",
        back: toPricing,
      } satisfies TestPaymentOrder,
    };
  }
  const deposit = await testModeDeposit(context, params.sessionId);
  if (!deposit) return data({ order: null }, { status: 404 });
  if (deposit.paid) throw redirect(deposit.quotePath);
  return {
    order: {
      summary: `Deposit for quote ${deposit.label}, for ${deposit.email}.`,
      dueCents: deposit.amountCents,
      then: null,
      expired: deposit.expired,
      back: { to: deposit.quotePath, label: "Back to your quote", from: "your quote's page" },
    } satisfies TestPaymentOrder,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const order = await findTestModeOrder(context, params.sessionId);
  const deposit = order ? null : await testModeDeposit(context, params.sessionId);
  if (order ? order.status === "expired" : !deposit || deposit.expired) {
    return data(failed(), { status: 404 });
  }
  const { fields } = await readForm(request);
  const card = textField(fields, "cardNumber");
  if (order) {
    const result = await payTestSession(context, params.sessionId, card);
    if (result.ok) throw redirect(successPath(params.sessionId));
    return data(failed(result.message), { status: 402 });
  }
  const result = await payTestQuoteSession(context, params.sessionId, card);
  if (result.ok) throw redirect(deposit!.quotePath);
  return data(failed(result.message), { status: 402 });
}

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <TestPaymentPage
      order={loaderData.order}
      error={actionData?.toast?.description ?? null}
      paying={navigation.state !== "idle" && navigation.formMethod === "POST"}
    />
  );
}
