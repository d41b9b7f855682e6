import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/platform/ui/Button";
import { Alert } from "~/platform/ui/Field";
import { cn } from "~/platform/ui/cn";
import { formatDateTime } from "~/platform/lib/dates";
import { toast } from "~/platform/ui/toast";
import type { FormResult } from "~/platform/forms/result";
import type { ProductSyncData, SyncActionData } from "./sync-page.server";

type Run = ProductSyncData["runs"][number];

const POLL_MS = 2_000;

function seconds(ms: number | null) {
  return ms === null ? "—" : `${(ms / 1000).toFixed(1)} s`;
}

/** A finished run's figures, as the screen and its toast say them. */
function runFigures(run: Run) {
  return `${run.processed} products: ${run.added} added, ${run.updated} updated, ${run.removed} removed, in ${seconds(run.durationMs)}.`;
}

export function SyncScreen({ data }: { data: ProductSyncData }) {
  const action = useActionData() as FormResult<SyncActionData> | undefined;
  const answered = action?.data;
  const message = action?.toast?.description;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const running = data.current !== null;
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  // Real progress, read from the job row every 2 s while a run is active.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const latest = data.runs[0];
  useEffect(() => {
    if (action && !action.ok && action.toast) toast(action.toast);
  }, [action]);

  // The run this page watched has ended: say so with its figures.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running && latest?.status === "succeeded")
      toast({ title: "Sync complete", description: runFigures(latest) });
    wasRunning.current = running;
  }, [running, latest]);
  const blocked = !data.configured;

  const percent =
    data.current && data.current.total
      ? Math.floor((data.current.done / data.current.total) * 100)
      : 0;

  return (
    <div className="space-y-8">
      <div role="tablist" aria-label="Supplier" className="flex gap-2 border-b border-line">
        <button
          type="button"
          role="tab"
          aria-selected="true"
          className="-mb-px border-b-2 border-brand-600 px-4 py-2.5 text-sm font-semibold text-brand-700"
        >
          S&amp;S Activewear
        </button>
        <button
          type="button"
          role="tab"
          aria-selected="false"
          disabled
          className="px-4 py-2.5 text-sm font-semibold text-ink-muted opacity-60"
        >
          SanMar (Coming Soon)
        </button>
      </div>

      <p className="text-sm text-ink-muted">
        {data.catalogue.total} products in the catalogue
        {data.catalogue.sample > 0 &&
          ` (${data.catalogue.sample} of them the shipped sample, replaced by the first sync)`}
        .
      </p>
      <StockRefreshLine refresh={data.stockRefresh} />

      {blocked && (
        <Alert tone="info" title="Not configured">
          Set {data.missing.join(", ")} in the server environment to test the connection and sync
          from S&amp;S Activewear.
        </Alert>
      )}

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-ink">Connection</h2>
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="test"
            variant="secondary"
            disabled={blocked || submitting === "test"}
          >
            {submitting === "test" ? "Testing Connection..." : "Test Connection"}
          </Button>
        </Form>
        {action &&
          answered?.intent === "test" &&
          (action.ok ? (
            <Alert tone="success" title={message}>
              {answered.styles !== undefined && `${answered.styles} styles available.`}
            </Alert>
          ) : answered.notConfigured ? (
            <Alert tone="error">{message}</Alert>
          ) : (
            <Alert tone="error" title="Connection Error">
              {message}
              {answered.detail !== undefined && (
                <details className="mt-2">
                  <summary className="cursor-pointer">View Debug Info</summary>
                  <pre className="mt-1 whitespace-pre-wrap text-xs">{answered.detail}</pre>
                </details>
              )}
            </Alert>
          ))}
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-ink">Synchronise products</h2>
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="start"
            variant="primary"
            disabled={blocked || running || submitting === "start"}
          >
            {running ? "Syncing..." : "Start Sync"}
          </Button>
        </Form>
        {action && answered?.intent === "start" && !action.ok && (
          <Alert tone="error">{message}</Alert>
        )}
        {data.current && (
          <div className="space-y-1" data-testid="sync-progress">
            <div
              role="progressbar"
              aria-label="Sync progress"
              aria-valuemin={0}
              aria-valuemax={data.current.total ?? undefined}
              aria-valuenow={data.current.done}
              className="h-3 w-full overflow-hidden rounded-full bg-surface"
            >
              <div
                className="h-full bg-brand-600 transition-all"
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="text-sm text-ink-muted">
              {data.current.total === null
                ? "Reading the list of styles..."
                : `${data.current.done} of ${data.current.total} styles processed (${percent}%)`}
            </p>
            <noscript>
              <a href="/product-data-sync" className="text-sm underline">
                Refresh progress
              </a>
            </noscript>
          </div>
        )}
        {!running && latest?.status === "succeeded" && (
          <Alert tone="success" title="Sync complete">
            {runFigures(latest)}
          </Alert>
        )}
        {!running && latest?.status === "failed" && latest.error && (
          <Alert tone="error">{`Failed to sync products: ${latest.error}`}</Alert>
        )}
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-ink">Sync history</h2>
        {data.runs.length === 0 ? (
          <p className="text-sm text-ink-muted">No sync has run yet.</p>
        ) : (
          // Eight columns are wider than a phone: the table scrolls in its own box, the page not.
          <div className="overflow-x-auto" role="region" aria-label="Sync history" tabIndex={0}>
            <table className="w-full text-left text-sm whitespace-nowrap [&_td]:pr-4 [&_th]:pr-4">
              <thead className="border-b border-line text-ink-muted">
                <tr>
                  <th className="py-2">Started</th>
                  <th>Status</th>
                  <th>Processed</th>
                  <th>Added</th>
                  <th>Updated</th>
                  <th>Removed</th>
                  <th>Errors</th>
                  <th>Duration</th>
                </tr>
              </thead>
              <tbody>
                {data.runs.map((run) => (
                  <tr key={run.id} className="border-b border-line">
                    <td className="py-2">{formatDateTime(run.createdAt)}</td>
                    <td className={cn(run.status === "failed" && "text-danger-700")}>
                      {run.status}
                    </td>
                    <td>{run.processed}</td>
                    <td>{run.added}</td>
                    <td>{run.updated}</td>
                    <td>{run.removed}</td>
                    <td>{run.errors}</td>
                    <td>{seconds(run.durationMs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

/** The last inventory refresh (hourly, S&S /v2/inventory/): when, and how many rows it changed. */
function StockRefreshLine({ refresh }: { refresh: ProductSyncData["stockRefresh"] }) {
  let text: string;
  if (!refresh) text = "Stock has not been refreshed yet (the inventory refresh runs every hour).";
  else if (refresh.skipped)
    text = `Last stock refresh ${formatDateTime(refresh.finishedAt)}: skipped, ${refresh.skipped}.`;
  else if (refresh.status === "failed")
    text = `Last stock refresh ${formatDateTime(refresh.finishedAt)} failed: ${refresh.error ?? "unknown error"}.`;
  else
    text = `Last stock refresh ${formatDateTime(refresh.finishedAt)}: ${refresh.changed.toLocaleString("en-US")} of ${refresh.skus.toLocaleString("en-US")} SKUs changed${refresh.added ? `, ${refresh.added.toLocaleString("en-US")} new` : ""}${refresh.durationMs !== null ? `, in ${(refresh.durationMs / 1000).toFixed(1)} s` : ""}.`;
  return (
    <p className="text-sm text-ink-muted" data-testid="stock-refresh">
      {text}
    </p>
  );
}
