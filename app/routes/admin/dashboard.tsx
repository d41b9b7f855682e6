import {
  type ActionFunctionArgs,
  Link,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { site } from "~/config/site";
import { AdminPageHeader } from "~/features/admin/AdminShell";
import { dashboardCounts, knowledgeBaseSummary } from "~/features/admin/dashboard.server";
import { ResultNotice, useResultToast } from "~/features/admin/feedback";
import { type ActionResult, failed } from "~/features/admin/result";
import { normaliseWebsiteUrl } from "~/features/admin/website-url";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import { Field, Input } from "~/ui/Field";
import { toast } from "~/ui/toast";

export const handle: RouteHandle = { title: "Admin: Dashboard", noindex: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [counts, knowledge] = await Promise.all([
    dashboardCounts(context.db),
    knowledgeBaseSummary(context.db),
  ]);
  return { counts, knowledge };
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  await requireAdmin(request, context);
  const form = await request.formData();
  const url = normaliseWebsiteUrl(String(form.get("url") ?? ""));
  if (!url) return failed("Please enter your website URL", { title: "URL Required" });
  // The crawler arrives with a later release; until then say so rather than pretend.
  return {
    ok: false,
    toast: {
      title: "Not available yet",
      description: `Updating the knowledge base from ${url} is not available yet. Nothing was changed.`,
    },
  };
}

function formatDateTime(value: Date | string) {
  return new Date(value).toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/New_York",
  });
}

function Stat({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className="rounded-card border border-line bg-white p-5 shadow-card">
      <p className="text-sm font-medium text-ink-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink">{value}</p>
      {to && (
        <Link to={to} className="mt-2 inline-block text-sm font-medium text-ink underline">
          View
        </Link>
      )}
    </div>
  );
}

function KnowledgeBaseCard() {
  const { knowledge } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <section
      aria-labelledby="knowledge-heading"
      className="rounded-card border border-line bg-white p-6 shadow-card"
    >
      <h2 id="knowledge-heading" className="text-lg font-bold text-ink">
        Update AI Knowledge Base
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Reads the website so the chat assistant answers from its current pages. Website crawling is
        not available yet: it comes with a later release, and this button changes nothing until
        then.
      </p>
      <fetcher.Form method="post" className="mt-5 flex flex-wrap items-end gap-3">
        <Field label="Website URL" className="min-w-64 flex-1">
          {(control) => <Input {...control} name="url" type="text" defaultValue={site.url} />}
        </Field>
        <Button type="submit" disabled={busy}>
          Update Knowledge Base (not available yet)
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            toast({
              title: "Test in Chat",
              description:
                "Open the chat button on any public page and ask a question about our services.",
            })
          }
        >
          Test in Chat
        </Button>
      </fetcher.Form>
      <div className="mt-6 text-sm">
        <p className="text-ink-muted">
          Last updated:{" "}
          <span className="font-medium text-ink">
            {knowledge.lastUpdated ? formatDateTime(knowledge.lastUpdated) : "Never"}
          </span>
        </p>
        {knowledge.pages.length > 0 && (
          <ul className="mt-3 divide-y divide-line rounded-card border border-line">
            {knowledge.pages.map((page) => (
              <li key={page.url} className="flex justify-between gap-4 px-4 py-2">
                <span className="truncate">{page.url}</span>
                <span className="shrink-0 text-ink-muted">{page.chunks} chunks</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export default function AdminDashboard() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader title="Dashboard" description={`What needs attention at ${site.name}.`} />
      <ResultNotice />
      <div className="mb-8 grid gap-4 sm:grid-cols-3">
        <Stat label="New contact messages" value={counts.newContactMessages} />
        <Stat label="Paid orders" value={counts.paidOrders} />
        <Stat label="Emails waiting to send" value={counts.emailsWaiting} />
      </div>
      <KnowledgeBaseCard />
    </>
  );
}
