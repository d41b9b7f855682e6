import type { Logger } from "pino";
import type { Database } from "~/platform/db/client.server";
import type { JobContext, JobHandler } from "~/platform/jobs/jobs.server";
import { type Crawler, type CrawlLimits, normalizeSiteUrl } from "~/platform/crawl/crawl";
import { type KnowledgeUpdateState, updateKnowledgeFromSite } from "./update.server";

export const KNOWLEDGE_CRAWL_JOB = "knowledge-crawl";

export interface KnowledgeCrawlParams {
  url: string;
}

/** What the dashboard reads from a run's checkpoint: which step it is on. */
export interface KnowledgeCrawlCheckpoint {
  phase: KnowledgeUpdateState;
  /** Why a failed run failed, in the admin's words; shown under the failure on the dashboard. */
  reason?: string;
}

export interface KnowledgeCrawlResult {
  pages: number;
  chunks: number;
  skipped: number;
}

/**
 * The "Update AI Knowledge Base" run as a durable job: progress is pages fetched of pages
 * found, the phase (crawling → processing) is kept in the checkpoint, and a failure ends the
 * run with the admin's message as its error.
 */
export function knowledgeCrawlHandler(options: {
  db: Database;
  crawler: Crawler;
  /** The site's own configured base URL (PUBLIC_URL): the one address allowed on loopback. */
  baseUrl?: string;
  limits?: Partial<CrawlLimits>;
  logger?: Logger;
}): JobHandler {
  return async (ctx: JobContext): Promise<KnowledgeCrawlResult> => {
    const params = ctx.job.params as KnowledgeCrawlParams | null;
    const url = params?.url ? normalizeSiteUrl(params.url) : null;
    if (!url) throw new Error("Failed to crawl website");
    // onState is synchronous; write the updates in order and never two at once.
    let writes: Promise<void> = Promise.resolve();
    let phase: KnowledgeUpdateState | undefined;
    const outcome = await updateKnowledgeFromSite({
      db: options.db,
      crawler: options.crawler,
      url,
      baseUrl: options.baseUrl,
      limits: options.limits,
      onState(state, progress) {
        const changed = state !== phase;
        phase = state;
        writes = writes.then(async () => {
          const done = progress && { done: progress.fetched, total: progress.found };
          if (changed)
            await ctx.saveCheckpoint({ phase: state } satisfies KnowledgeCrawlCheckpoint, done);
          else if (done) await ctx.progress(done.done, done.total);
        });
        writes.catch(() => {});
      },
    });
    await writes;
    if (!outcome.ok) {
      options.logger?.warn({ url: url.href, detail: outcome.detail }, "knowledge crawl failed");
      if (outcome.reason) {
        await ctx.saveCheckpoint({
          phase: phase ?? "crawling",
          reason: outcome.reason,
        } satisfies KnowledgeCrawlCheckpoint);
      }
      throw new Error(outcome.error);
    }
    return {
      pages: outcome.pages.length,
      chunks: outcome.pages.reduce((sum, page) => sum + page.chunks, 0),
      skipped: outcome.skipped.length,
    };
  };
}
