import { data, redirect } from "react-router";
import { CheckoutPage } from "~/capabilities/checkout/CheckoutPage";
import { type CheckoutState, checkoutFormSchema } from "~/capabilities/checkout/checkout-form";
import { startCheckout } from "~/capabilities/checkout/checkout.server";
import { lookUpCheckoutCoupon } from "~/capabilities/checkout/coupons.server";
import { checkoutMessages } from "~/capabilities/checkout/messages";
import { readForm } from "~/platform/forms/read.server";
import { type FormResult, failed } from "~/platform/forms/result";
import { controlCharactersMessage } from "~/platform/security/form-text";
import { isPlanName, parseInterval } from "~/capabilities/pricing/plans";
import { shownPricingTier } from "~/capabilities/pricing/pricing.server";
import type { Route } from "./+types/checkout";

/** Spec §2: no or an unknown plan goes back to /pricing; any interval but monthly is annual. */
function parsePlan(request: Request) {
  const query = new URL(request.url).searchParams;
  const plan = query.get("plan");
  if (!isPlanName(plan)) throw redirect("/pricing");
  return { plan, interval: parseInterval(query.get("interval")) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { plan, interval } = parsePlan(request);
  let prices = null;
  try {
    prices = await shownPricingTier(context.db, plan);
  } catch (error) {
    context.logger.error({ err: error }, "pricing tier could not be read");
  }
  return {
    plan,
    interval,
    prices,
    pricingError: prices ? null : checkoutMessages.pricingFailed,
    testMode: !context.env.STRIPE_SECRET_KEY,
  };
}

type CheckoutField = "email" | "couponCode";

/** A field's message, the page's state kept (a coupon the field refused is dropped). */
const fieldFailure = (state: CheckoutState, field: CheckoutField, message: string) =>
  failed(message, {
    fieldErrors: { [field]: message },
    data: field === "couponCode" ? { ...state, coupon: null } : state,
  });

const answer = (result: FormResult<CheckoutState>, status = 200, retryAfterSeconds?: number) =>
  data(result, {
    status,
    headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });

export async function action({ request, context }: Route.ActionArgs) {
  const { plan, interval } = parsePlan(request);
  const { fields, refused } = await readForm(request, { refused: "return" });
  const form = checkoutFormSchema.parse(fields);
  // The applied coupon travels as JSON: a control character may come escaped (\u0000).
  const escaped =
    typeof fields.appliedCoupon === "string" &&
    /\\u00[01][0-9a-f]|\\u007f/i.test(fields.appliedCoupon) &&
    form.appliedCoupon === null;
  if (refused || escaped) {
    const name = refused?.name ?? "couponCode";
    const message = refused?.message ?? controlCharactersMessage(name);
    const field = /coupon/i.test(name) ? "couponCode" : "email";
    return answer(fieldFailure({ email: "", coupon: null }, field, message), 400);
  }
  const state: CheckoutState = { email: form.email, coupon: form.appliedCoupon };

  if (form.intent === "remove-coupon")
    return answer({ ok: true, data: { ...state, coupon: null } });
  if (form.intent === "apply-coupon") {
    const lookup = await lookUpCheckoutCoupon(context, form.couponCode);
    if (lookup.ok) return answer({ ok: true, data: { ...state, coupon: lookup.coupon } });
    // The coupon already applied stays applied when another code is refused.
    const refusedCode = failed(lookup.message, {
      fieldErrors: { couponCode: lookup.message },
      data: state,
    });
    return lookup.retryAfterSeconds
      ? answer(refusedCode, 429, lookup.retryAfterSeconds)
      : answer(refusedCode, 400);
  }

  const result = await startCheckout(context, {
    plan,
    interval,
    email: form.email,
    couponCode: form.appliedCoupon?.code ?? "",
  });
  if (result.ok) {
    if (form.respond === "json") {
      return answer({ ok: true, data: { ...state, checkoutUrl: result.url } });
    }
    throw redirect(result.url);
  }
  if (result.field === "coupon") {
    const failure = fieldFailure(state, "couponCode", result.message);
    return answer(failure, result.retryAfterSeconds ? 429 : 400, result.retryAfterSeconds);
  }
  // A limit's wait is said for the whole form.
  if (result.retryAfterSeconds) {
    return answer(failed(result.message, { data: state }), 429, result.retryAfterSeconds);
  }
  if (result.field === "email") return answer(fieldFailure(state, "email", result.message), 400);
  return answer(failed(result.message, { data: state }), 502);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} actionData={actionData} />;
}
