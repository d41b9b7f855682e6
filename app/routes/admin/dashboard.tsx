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
    quoteFigures(context.db, now),
    businessWeeks(context.db, now),
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
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <Stat label="Open quotes" value={quotes.open} note="Requested, priced or sent" />
        <Stat
          label="Open quotes' value"
          value={formatUsd(quotes.openValueCents)}
          note="The price sent, or the computed one until then"
        />
        <Stat
          label={`Accepted, last ${acceptedShareDays} days`}
          value={quotes.acceptedPercent === null ? "None decided" : `${quotes.acceptedPercent}%`}
          note={
            quotes.decided === 0
              ? "No quote was accepted, declined or expired yet"
              : `${quotes.accepted} of ${quotes.decided} decided quotes accepted or paid`
          }
        />
      </div>
      <BusinessChart data={weeks} />
      <SubscriptionsCard subscriptions={loaderData.subscriptions} />
      <KnowledgeBaseTool data={loaderData.knowledge} />
    </>
  );
}
