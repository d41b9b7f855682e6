import { PLANS, PLAN_NAMES } from "~/capabilities/pricing/public";
import { formatUsd } from "~/platform/lib/money";
import type { subscriptionSummary } from "./admin.server";

type SubscriptionSummary = Awaited<ReturnType<typeof subscriptionSummary>>;

/** The dashboard's view of recurring revenue: active plans, MRR, past due, and the export. */
export function SubscriptionsCard({ subscriptions }: { subscriptions: SubscriptionSummary }) {
  return (
    <section
      aria-labelledby="subscriptions-heading"
      className="mb-8 rounded-card border border-line bg-white p-6 shadow-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="subscriptions-heading" className="text-lg font-bold text-ink">
          Subscriptions
        </h2>
        <a
          href="/admin/subscriptions.csv"
          download
          className="text-sm font-medium text-ink underline"
        >
          Export CSV
        </a>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-ink-muted">Active by plan</dt>
          <dd className="mt-1 text-ink">
            <ul>
              {PLAN_NAMES.map((plan) => (
                <li key={plan}>
                  {PLANS[plan].label}:{" "}
                  <span className="font-semibold">{subscriptions.activeByPlan[plan]}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">Monthly recurring revenue</dt>
          <dd className="mt-1 text-3xl font-bold text-ink">
            {formatUsd(subscriptions.monthlyRecurringRevenueCents)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-ink-muted">Past due</dt>
          <dd className="mt-1 text-3xl font-bold text-ink">{subscriptions.pastDue}</dd>
        </div>
      </dl>
    </section>
  );
}
