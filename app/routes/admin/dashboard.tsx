import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { KnowledgeBaseTool } from "~/capabilities/knowledge/KnowledgeBaseTool";
import { BusinessChart } from "~/capabilities/dashboard/BusinessChart";
import {
  ACCEPTED_SHARE_DAYS,
  businessWeeks,
  dashboardCounts,
  quoteFigures,
} from "~/capabilities/dashboard/dashboard.server";
import { formatUsd } from "~/platform/lib/money";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import {
  knowledgeToolData,
  startKnowledgeCrawl,
} from "~/capabilities/knowledge/knowledge-tool.server";
import type { FormResult } from "~/platform/forms/result";
import { requireAdmin } from "~/platform/auth/admin.server";
import { readForm } from "~/platform/forms/read.server";
import { SubscriptionsCard } from "~/capabilities/subscriptions/SubscriptionsCard";
import { subscriptionSummary } from "~/capabilities/subscriptions/admin.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/dashboard";

export const handle: RouteHandle = { title: "Admin: Dashboard", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const now = new Date();
  const [counts, quotes, weeks, knowledge, subscriptions] = await Promise.all([
    dashboardCounts(context.db),
    // The newer figures fail alone: the rest of the dashboard still shows.
    loadOrNull(context.logger, "dashboard quote figures", () => quoteFigures(context.db, now)),
    loadOrNull(context.logger, "dashboard weeks", () => businessWeeks(context.db, now)),
    knowledgeToolData(context),
    subscriptionSummary(context.db),
  ]);
  return {
    counts,
    quotes,
    weeks,
    knowledge,
    subscriptions,
    acceptedShareDays: ACCEPTED_SHARE_DAYS,
  };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const admin = await requireAdmin(request, context);
  const { fields } = await readForm(request);
  return startKnowledgeCrawl(context, admin, fields);
}

function Stat({
  label,
  value,
  note,
  to,
}: {
  label: string;
  value: number | string;
  note?: string;
  to?: string;
}) {
  return (
    <div className="rounded-card border border-line bg-white p-5 shadow-card">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      {note && <p className="mt-1 text-sm text-ink-muted">{note}</p>}
      {to && (
        <Link to={to} className="mt-2 inline-block text-sm font-medium text-ink underline">
          View<span className="sr-only"> {label.toLowerCase()}</span>
        </Link>
      )}
    </div>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts, quotes, weeks, acceptedShareDays } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description={`What needs attention at ${site.name}.`} />
      <ResultNotice />
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <Stat
          label="New contact messages"
          value={counts.newContactMessages}
          to="/admin/leads?status=new"
        />
        <Stat label="Paid orders" value={counts.paidOrders} to="/admin/orders?status=paid" />
        <Stat
          label="Emails waiting to send"
          value={counts.emailsWaiting}
          to="/admin/email-outbox"
        />
      </div>
      <h2 className="mb-3 text-lg font-bold text-ink">Quotes</h2>
      <Loaded
        value={quotes}
        failure="The quote figures could not be loaded. Please reload the page."
      >
        {(q) => (
          <div className="mb-8 grid gap-4 sm:grid-cols-3">
            <Stat label="Open quotes" value={q.open} note="Requested, priced or sent" />
            <Stat
              label="Open quotes' value"
              value={formatUsd(q.openValueCents)}
              note="The price sent, or the computed one until then"
            />
            <Stat
              label={`Accepted, last ${acceptedShareDays} days`}
              value={q.acceptedPercent === null ? "None decided" : `${q.acceptedPercent}%`}
              note={
                q.decided === 0
                  ? "No quote was accepted, declined or expired in that time"
                  : `${q.accepted} of ${q.decided} decided quotes accepted or paid`
              }
            />
          </div>
        )}
      </Loaded>
      <Loaded
        value={weeks}
        failure="The last 12 weeks could not be loaded. Please reload the page."
      >
        {(w) => <BusinessChart data={w} />}
      </Loaded>
      <SubscriptionsCard subscriptions={loaderData.subscriptions} />
      <KnowledgeBaseTool data={loaderData.knowledge} />
    </>
  );
}
