import { Link } from "react-router";
import { site } from "~/platform/config/site";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { KnowledgeBaseTool } from "~/capabilities/knowledge/KnowledgeBaseTool";
import { dashboardCounts } from "~/capabilities/dashboard/dashboard.server";
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
  const [counts, knowledge, subscriptions] = await Promise.all([
    dashboardCounts(context.db),
    knowledgeToolData(context),
    subscriptionSummary(context.db),
  ]);
  return { counts, knowledge, subscriptions };
}

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const admin = await requireAdmin(request, context);
  const { fields } = await readForm(request);
  return startKnowledgeCrawl(context, admin, fields);
}

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-5 shadow-card">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      {to && (
        <Link to={to} className="mt-2 inline-block text-sm font-medium text-ink underline">
          View<span className="sr-only"> {label.toLowerCase()}</span>
        </Link>
      )}
    </div>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
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
      <SubscriptionsCard subscriptions={loaderData.subscriptions} />
      <KnowledgeBaseTool data={loaderData.knowledge} />
    </>
  );
}
