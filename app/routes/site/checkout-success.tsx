import { redirect } from "react-router";
import { site } from "~/platform/config/site";
import { confirmCheckoutSession } from "~/capabilities/checkout/checkout.server";
import { PLANS } from "~/capabilities/pricing/plans";
import { ButtonLink } from "~/platform/ui/Button";
import { PageIntro } from "~/platform/ui/Container";
import type { Route } from "./+types/checkout-success";

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id")?.trim();
  if (!sessionId) throw redirect("/");
  const confirmation = await confirmCheckoutSession(context, sessionId);
  if (confirmation.state !== "paid") return { state: confirmation.state };
  const { order } = confirmation;
  return { state: "paid" as const, plan: order.plan, email: order.customerEmail };
}

export default function CheckoutSuccessPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== "paid") {
    const lead = {
      unpaid:
        "This payment has not been completed, so nothing was charged. You can return to checkout and try again.",
      unknown:
        "We could not find a checkout with this link, so nothing was charged. If you paid, check your email for our confirmation or contact us.",
      unavailable:
        "We could not check this payment just now. Please refresh the page in a minute; your order is safe either way.",
    }[loaderData.state];
    return (
      <PageIntro eyebrow="Checkout" title="Payment not confirmed" lead={lead}>
        <ButtonLink to="/pricing">Back to pricing</ButtonLink>
      </PageIntro>
    );
  }
  return (
    <PageIntro
      eyebrow="Checkout"
      title="Payment Successful!"
      lead={`Thank you for choosing ${site.name}. Your ${PLANS[loaderData.plan].label} plan is active and a confirmation is on its way to ${loaderData.email}. Tell us about your brand in the intake form so we can start building your store.`}
    >
      <ButtonLink href={site.intakeFormUrl}>Fill in the intake form</ButtonLink>
      <ButtonLink to="/" variant="secondary">
        Back to home
      </ButtonLink>
    </PageIntro>
  );
}
