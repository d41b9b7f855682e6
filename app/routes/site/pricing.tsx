import { Link } from "react-router";
import { Alert } from "~/platform/ui/Field";
import { Container, PageIntro } from "~/platform/ui/Container";
import { IntervalToggle, PricingPlans } from "~/capabilities/pricing/PricingPlans";
import { parseInterval } from "~/capabilities/pricing/plans";
import { type PricingTier, listPricingTiers } from "~/capabilities/pricing/pricing.server";
import type { Route } from "./+types/pricing";

export async function loader({ request, context }: Route.LoaderArgs) {
  const interval = parseInterval(new URL(request.url).searchParams.get("interval"));
  let tiers: PricingTier[] | null = null;
  try {
    tiers = await listPricingTiers(context.db);
  } catch (error) {
    context.logger.error({ err: error }, "pricing tiers could not be read");
  }
  return { interval, tiers };
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { interval, tiers } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow={
          <Link to="/webstores" className="normal-case tracking-normal hover:underline">
            ← Learn more about webstores
          </Link>
        }
        title="Webstore Pricing"
        lead="Choose the plan that fits your team. Every plan includes a branded store, on-demand production with no minimums, and gift certificates you pay for only when they are used."
      >
        <IntervalToggle interval={interval} />
      </PageIntro>
      <Container className="py-14">
        {tiers === null ? (
          <Alert tone="error">
            Failed to load pricing information. Please try refreshing the page.
          </Alert>
        ) : tiers.length === 0 ? (
          <Alert>No pricing data available.</Alert>
        ) : (
          <PricingPlans tiers={tiers} interval={interval} />
        )}
        <p className="mt-10 text-center text-sm text-ink-muted">
          All prices are in USD. Plans renew automatically at the end of each term, and you can
          cancel anytime.
        </p>
      </Container>
    </>
  );
}
