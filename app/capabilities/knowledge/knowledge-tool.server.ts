import type { AppLoadContext } from "react-router";
import type { AdminUser } from "~/platform/auth/admin.server";
import { recentJobs, startJob } from "~/platform/jobs/jobs.server";
import { CRAWL_FAILURE_MESSAGES, normalizeSiteUrl } from "~/platform/crawl/crawl";
import {
  KNOWLEDGE_CRAWL_JOB,
  type KnowledgeCrawlCheckpoint,
  type KnowledgeCrawlParams,
} from "~/capabilities/knowledge/crawl-job.server";
import { lastCrawledAt, siteKnowledgeSummary } from "~/capabilities/knowledge/knowledge.server";
import { UPDATE_FAILED, URL_REQUIRED } from "~/capabilities/knowledge/update.server";
import { getSiteSettings } from "~/platform/settings/settings.server";
import { type FormFields, textField } from "~/platform/forms/read.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";

type Context = Pick<AppLoadContext, "db" | "env">;

export type KnowledgeRunState = "crawling" | "processing" | "done" | "error";

export interface KnowledgeRun {
  id: string;
  state: KnowledgeRunState;
  url: string;
  fetched: number;
  /** Pages found so far (start page, sitemap and links); at least the typed address itself. */
  found: number;
  error: string | null;
  /** Why the run failed, in the admin's words (could not connect, TLS error…), when known. */
  reason: string | null;
  finishedAt: Date | null;
}

const KNOWN_FAILURES = new Set<string>([...Object.values(CRAWL_FAILURE_MESSAGES), UPDATE_FAILED]);

/** The dashboard tool's data: the URL to prefill, the latest run, and what the crawls stored. */
export async function knowledgeToolData(context: Context) {
  const [settings, [latest], pages, lastUpdated] = await Promise.all([
    getSiteSettings(context.db),
    recentJobs(context.db, KNOWLEDGE_CRAWL_JOB, 1),
    siteKnowledgeSummary(context.db),
    lastCrawledAt(context.db),
  ]);
  let run: KnowledgeRun | null = null;
  if (latest) {
    const checkpoint = latest.checkpoint as KnowledgeCrawlCheckpoint | null;
    const phase = checkpoint?.phase ?? "crawling";
    const state: KnowledgeRunState =
      latest.status === "succeeded"
        ? "done"
        : latest.status === "failed"
          ? "error"
          : phase === "processing"
            ? "processing"
            : "crawling";
    run = {
      id: latest.id,
      state,
      url: (latest.params as KnowledgeCrawlParams | null)?.url ?? "",
      fetched: latest.progressDone,
      // Before the crawler reports, the typed address is the one page known.
      found: Math.max(latest.progressTotal ?? 1, latest.progressDone, 1),
      // A run that failed for a reason the admin has no words for reads as the general failure.
      error:
        state === "error"
          ? latest.error && KNOWN_FAILURES.has(latest.error)
            ? latest.error
            : UPDATE_FAILED
          : null,
      reason: state === "error" ? (checkpoint?.reason ?? null) : null,
      finishedAt: latest.finishedAt,
    };
  }
  return {
    defaultUrl: settings.knowledgeBaseWebsiteUrl?.trim() || context.env.PUBLIC_URL,
    assistantEnabled: settings.chatAssistantEnabled,
    run,
    pages: pages.map((p) => ({ url: p.sourceUrl, chunks: p.chunks })),
    lastUpdated,
  };
}

export type KnowledgeToolData = Awaited<ReturnType<typeof knowledgeToolData>>;

/** Starts a crawl job for the typed URL (http:// or https:// added when the scheme is missing). */
export async function startKnowledgeCrawl(
  context: Context,
  admin: Pick<AdminUser, "email">,
  form: FormFields,
): Promise<FormResult> {
  const typed = textField(form, "url").trim();
  if (!typed) return failed(URL_REQUIRED.description, { title: URL_REQUIRED.title });
  const url = normalizeSiteUrl(typed);
  if (!url) {
    return failed("Please enter a valid website URL", {
      title: "Error",
      fieldErrors: { url: "Please enter a valid website URL" },
    });
  }
  const { created } = await startJob(context.db, KNOWLEDGE_CRAWL_JOB, {
    startedBy: admin.email,
    params: { url: url.href } satisfies KnowledgeCrawlParams,
    maxAttempts: 1,
  });
  return created
    ? succeeded(`Crawling ${url.href}…`, "Updating knowledge base")
    : succeeded("An update is already running; showing its progress.", "Updating knowledge base");
}
