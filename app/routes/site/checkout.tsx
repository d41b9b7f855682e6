import { data, redirect } from "react-router";
import { CheckoutPage } from "~/capabilities/checkout/CheckoutPage";
import { type CheckoutActionData, checkoutFormSchema } from "~/capabilities/checkout/checkout-form";
import { startCheckout } from "~/capabilities/checkout/checkout.server";
import { lookUpCheckoutCoupon } from "~/capabilities/checkout/coupons.server";
import { checkoutMessages } from "~/capabilities/checkout/messages";
import { controlCharactersMessage, readFormText } from "~/platform/security/form-text";
import { isPlanName, parseInterval } from "~/capabilities/pricing/plans";
import { findPricingTier } from "~/capabilities/pricing/pricing.server";
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
    prices = await findPricingTier(context.db, plan);
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

export async function action({ request, context }: Route.ActionArgs) {
  const { plan, interval } = parsePlan(request);
  const { fields, refused } = await readFormText(request);
  const form = checkoutFormSchema.parse(fields);
  const reply = (body: CheckoutActionData, status = 200) => data(body, { status });
  // The applied coupon travels as JSON: a control character may come escaped (\u0000).
  const escaped =
    typeof fields.appliedCoupon === "string" &&
    /\\u00[01][0-9a-f]|\\u007f/i.test(fields.appliedCoupon) &&
    form.appliedCoupon === null;
  if (refused || escaped) {
    const name = refused?.name ?? "couponCode";
    const message = refused?.message ?? controlCharactersMessage(name);
    const coupon = /coupon/i.test(name);
    return reply(
      {
        email: "",
        coupon: null,
        ...(coupon ? { couponError: message } : { emailError: message }),
      },
      400,
    );
  }
  const base = { email: form.email, coupon: form.appliedCoupon };

  if (form.intent === "remove-coupon") return reply({ ...base, coupon: null });
  if (form.intent === "apply-coupon") {
    const lookup = await lookUpCheckoutCoupon(context, form.couponCode);
    if (lookup.ok) return reply({ ...base, coupon: lookup.coupon });
    return lookup.retryAfterSeconds
      ? data({ ...base, couponError: lookup.message } satisfies CheckoutActionData, {
          status: 429,
          headers: { "Retry-After": String(lookup.retryAfterSeconds) },
        })
      : reply({ ...base, couponError: lookup.message }, 400);
  }

  const result = await startCheckout(context, {
    plan,
    interval,
    email: form.email,
    couponCode: form.appliedCoupon?.code ?? "",
  });
  if (result.ok) {
    if (form.respond === "json") return reply({ ...base, checkoutUrl: result.url });
    throw redirect(result.url);
  }
  if (result.retryAfterSeconds) {
    const body: CheckoutActionData =
      result.field === "coupon"
        ? { ...base, coupon: null, couponError: result.message }
        : { ...base, formError: result.message };
    return data(body, {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.field === "email") return reply({ ...base, emailError: result.message }, 400);
  if (result.field === "coupon") {
    return reply({ ...base, coupon: null, couponError: result.message }, 400);
  }
  return reply({ ...base, formError: result.message }, 502);
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} actionData={actionData} />;
}
