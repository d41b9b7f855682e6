import { data, redirect, useNavigation } from "react-router";
import type { RouteHandle } from "~/root";
import { readForm, textField } from "~/platform/forms/read.server";
import { failed } from "~/platform/forms/result";
import { findTestModeOrder, payTestSession } from "~/capabilities/checkout/test-payment.server";
import { TestPaymentPage } from "~/capabilities/checkout/TestPaymentPage";
import type { Route } from "./+types/test-payment";

export const handle: RouteHandle = { title: "Test payment", noindex: true };

const successPath = (sessionId: string) =>
  `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await findTestModeOrder(context, params.sessionId);
  if (!order) return data({ order: null }, { status: 404 });
  if (order.status === "paid") throw redirect(successPath(params.sessionId));
  return {
    order: {
      plan: order.plan,
      interval: order.interval,
      email: order.customerEmail,
      firstPaymentCents: order.firstPaymentCents,
      recurringPaymentCents: order.recurringPaymentCents,
      expired: order.status === "expired",
    },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const order = await findTestModeOrder(context, params.sessionId);
  if (!order || order.status === "expired") return data(failed(), { status: 404 });
  const { fields } = await readForm(request);
  const result = await payTestSession(context, params.sessionId, textField(fields, "cardNumber"));
  if (result.ok) throw redirect(successPath(params.sessionId));
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
