import { Suspense, lazy, useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { formatDateTime } from "~/platform/lib/dates";
import { Button } from "~/platform/ui/Button";
import { Alert, Field, Input } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import { useResultToast } from "~/platform/admin-kit/feedback";
import type { KnowledgeToolData } from "./knowledge-tool.server";
import { crawlProgressText } from "./messages";
import type { FormResult } from "~/platform/forms/result";

const POLL_MS = 2_000;

const STATE_TEXT = {
  crawling: "Crawling website…",
  processing: "Processing content for the AI knowledge base…",
  done: "Done",
  error: "Error",
} as const;

// The visitors' chat window, loaded only when 'Test in Chat' opens it.
const ChatPanel = lazy(() =>
  import("~/capabilities/chat/public").then((m) => ({ default: m.ChatPanel })),
);

export function KnowledgeBaseTool({ data }: { data: KnowledgeToolData }) {
  const fetcher = useFetcher<FormResult>();
  useResultToast(fetcher.data);
  const revalidator = useRevalidator();
  const run = data.run;
  const active = run?.state === "crawling" || run?.state === "processing";
  const busy = fetcher.state !== "idle" || active;
  // 'Test in Chat' opens the assistant here, beside the tool, when Site Settings has it on.
  const [chatOpen, setChatOpen] = useState(false);

  // Live progress: the job row is read again every 2 s while the run is going.
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);

  return (
    <section
      aria-labelledby="knowledge-heading"
      className="rounded-card border border-line bg-white p-6 shadow-card"
    >
      <h2 id="knowledge-heading" className="text-lg font-bold text-ink">
        Update AI Knowledge Base
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Reads the website so the chat assistant answers from its current pages.
      </p>
      <fetcher.Form method="post" className="mt-5 flex flex-wrap items-end gap-3" noValidate>
        <Field label="Website URL" className="min-w-64 flex-1">
          {(control) => (
            <Input {...control} name="url" type="text" defaultValue={data.defaultUrl} />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {active ? "Updating…" : "Update Knowledge Base"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            toast({
              title: "Test in Chat",
              description:
                "Open the chat button on any public page and ask a question about our services.",
            });
            if (data.assistantEnabled) setChatOpen(true);
          }}
        >
          Test in Chat
        </Button>
      </fetcher.Form>
      {chatOpen && (
        <Suspense fallback={<p role="status">Opening chat…</p>}>
          <ChatPanel onClose={() => setChatOpen(false)} />
        </Suspense>
      )}
      {run && (
        <div className="mt-5" role="status" aria-live="polite">
          {run.state === "error" ? (
            run.reason ? (
              <Alert tone="error" title={run.error}>
                {run.reason}
              </Alert>
            ) : (
              <Alert tone="error">{run.error}</Alert>
            )
          ) : (
            <p className="text-sm font-medium text-ink" data-state={run.state}>
              {STATE_TEXT[run.state]}
              {run.state === "crawling" && ` ${crawlProgressText(run.fetched, run.found)}`}
            </p>
          )}
          {active && run.found ? (
            <progress
              className="mt-2 w-full"
              max={run.found}
              value={run.fetched}
              aria-label="Pages fetched"
            />
          ) : null}
        </div>
      )}
      <div className="mt-6 text-sm">
        <p className="text-ink-muted">
          Last updated:{" "}
          <span className="font-medium text-ink">
            {data.lastUpdated ? formatDateTime(data.lastUpdated) : "Never"}
          </span>
        </p>
        {data.pages.length > 0 && (
          <ul className="mt-3 divide-y divide-line rounded-card border border-line">
            {data.pages.map((page) => (
              <li key={page.url} className="flex justify-between gap-4 px-4 py-2">
                <span className="truncate">{page.url}</span>
                <span className="shrink-0 text-ink-muted">
                  {page.chunks} {page.chunks === 1 ? "chunk" : "chunks"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
