import { Link } from "react-router";
import { ButtonLink } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { formatUsd } from "~/platform/lib/money";
import {
  type BillingInterval,
  MOST_POPULAR_PLAN,
  PLANS,
  type PlanPrices,
  annualPerMonthCents,
  checkoutPath,
} from "./plans";
import { FeatureList } from "./FeatureList";
import type { PricingTier } from "./pricing.server";

/** Monthly/annual switch as two links, so it works before JavaScript loads. */
export function IntervalToggle({ interval }: { interval: BillingInterval }) {
  const option = (value: BillingInterval, label: string) => (
    <Link
      to={`?interval=${value}`}
      preventScrollReset
      replace
      aria-current={interval === value ? "true" : undefined}
      className={cn(
        "inline-flex h-10 items-center gap-2 rounded-control px-4 text-sm font-semibold transition-colors",
        interval === value ? "bg-brand-900 text-white shadow-sm" : "text-ink hover:bg-brand-50",
      )}
    >
      {label}
    </Link>
  );
  return (
    <div
      role="group"
      aria-label="Billing interval"
      className="inline-flex items-center gap-1 rounded-card border border-line bg-white p-1 shadow-card"
    >
      {option("monthly", "Monthly")}
      {option("annual", "Annual")}
      <span className="ml-1 rounded-full bg-accent-50 px-3 py-1 text-xs font-semibold text-accent-800">
        Save up to 30%
      </span>
    </div>
  );
}

function PriceLine({ prices, interval }: { prices: PlanPrices; interval: BillingInterval }) {
  const perMonth = interval === "annual" ? annualPerMonthCents(prices) : prices.monthlyPriceCents;
  return (
    <div>
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-ink">
          {formatUsd(perMonth)}
        </span>
        <span className="text-ink-muted">/month</span>
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        {interval === "annual"
          ? `${formatUsd(prices.annualPriceCents)} billed annually`
          : "Billed monthly"}
      </p>
      <p className="mt-1 text-sm text-ink-muted">
        + {formatUsd(prices.setupFeeCents)} one-time setup fee
      </p>
    </div>
  );
}

function SelectPlan({ tier, interval }: { tier: PricingTier; interval: BillingInterval }) {
  const popular = tier.name === MOST_POPULAR_PLAN;
  return (
    <ButtonLink
      to={checkoutPath(tier.name, interval)}
      variant={popular ? "primary" : "secondary"}
      className="w-full"
    >
      Select {PLANS[tier.name].label} Plan
    </ButtonLink>
  );
}

function PopularBadge() {
  return (
    <span className="rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white">
      Most Popular
    </span>
  );
}

/** Cards side by side from the 768 px breakpoint; an accordion below it (spec §2). */
export function PricingPlans({
  tiers,
  interval,
}: {
  tiers: PricingTier[];
  interval: BillingInterval;
}) {
  return (
    <>
      {/* Each card spans the list's five rows (subgrid): however a plan's name, badge or summary
          wraps, the prices, features and buttons line up across the cards. */}
      <ul className="hidden gap-x-6 md:grid md:grid-cols-3 md:grid-rows-[repeat(4,auto)_1fr]">
        {tiers.map((tier) => {
          const plan = PLANS[tier.name];
          const popular = tier.name === MOST_POPULAR_PLAN;
          return (
            <li
              key={tier.name}
              className={cn(
                "row-span-5 grid grid-rows-subgrid gap-6 rounded-panel border bg-white p-7 shadow-card",
                popular ? "border-accent-700 shadow-raised" : "border-line",
              )}
            >
              <div className="flex items-center justify-between gap-3">
                <h2 className="text-2xl font-bold text-ink">{plan.label}</h2>
                {popular && <PopularBadge />}
              </div>
              <p className="-mt-3 text-ink-muted">{plan.summary}</p>
              <PriceLine prices={tier} interval={interval} />
              <FeatureList features={plan.features} />
              <div className="self-end">
                <SelectPlan tier={tier} interval={interval} />
              </div>
            </li>
          );
        })}
      </ul>

      {/* Native disclosure: opens and closes without JavaScript; one name keeps one plan open. */}
      <div className="space-y-3 md:hidden">
        {tiers.map((tier) => {
          const plan = PLANS[tier.name];
          return (
            <details
              key={tier.name}
              name="pricing-plan"
              open={tier.name === MOST_POPULAR_PLAN}
              className="group rounded-card border border-line bg-white shadow-card"
            >
              <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-card p-5 [&::-webkit-details-marker]:hidden">
                <span className="flex items-center gap-3">
                  <span className="text-xl font-bold text-ink">{plan.label}</span>
                  {tier.name === MOST_POPULAR_PLAN && <PopularBadge />}
                </span>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-5 text-ink-muted transition-transform group-open:rotate-180"
                  fill="currentColor"
                >
                  <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
                </svg>
              </summary>
              <div className="space-y-5 px-5 pb-5">
                <p className="text-ink-muted">{plan.summary}</p>
                <PriceLine prices={tier} interval={interval} />
                <FeatureList features={plan.features} />
                <SelectPlan tier={tier} interval={interval} />
              </div>
            </details>
          );
        })}
      </div>
    </>
  );
}
