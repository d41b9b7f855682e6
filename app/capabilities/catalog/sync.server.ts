import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { productSyncHistory, products } from "~/platform/db/schema/index";
import type { JobContext, JobHandler } from "~/platform/jobs/jobs.server";
import { activeJob, recentJobs, startJob } from "~/platform/jobs/jobs.server";
import { SAMPLE_SOURCE, productRow, skusByStyle, upsertProducts } from "./catalog.server";
import { CATALOG_IMAGES_JOB } from "./images.server";
import { PRODUCT_DEFAULTS, normalizeSsStyle } from "./normalize";
import type { CatalogFeed } from "./ss-records";

export const CATALOG_SYNC_JOB = "catalog-sync";
const SOURCE = PRODUCT_DEFAULTS.source;

export interface SyncStats {
  processed: number;
  added: number;
  updated: number;
  removed: number;
  errors: number;
}

interface SyncCheckpoint {
  /** Styles are processed in styleID order; everything up to this id is done. */
  lastStyleId: number;
  stats: SyncStats;
  elapsedMs: number;
}

export interface SyncOptions {
  /**
   * Style ids per batch, a styles request and a products request (S&S takes comma-separated id
   * lists). Unset: `batchFor(styles)`, at least 25 and enough to keep a sync within 100 batches.
   */
  batchSize?: number;
  /** The supplier's budget: S&S allows 60 requests a minute. 0 for an in-process feed. */
  requestsPerMinute?: number;
}

/**
 * Style ids per batch when the caller sets none. The supplier's budget (S&S: 60 requests a
 * minute, the sync keeps to 50) bounds a sync of many styles, not the database: 58,000 styles
 * (1,000,000 SKUs of the generated catalogue) in batches of 25 would be 4,600 requests, 93
 * minutes. A batch is two requests (its styles, then their SKUs): at most 100 batches (4 minutes
 * at 50 requests a minute) up to 50,000 styles; 500 ids (a 3 KB address, as the inventory's
 * requests) at most, so 58,000 styles are 117 batches.
 */
export function batchFor(styles: number) {
  return Math.min(500, Math.max(25, Math.ceil(styles / 100)));
}

/**
 * Styles per write (one statement, `upsertProducts`). PGlite runs one statement or transaction at
 * a time and nothing else meanwhile, so a search waits for the one being written: a request's 291
 * styles at 1,000,000 SKUs as one transaction held searches for seconds. The request budget, not
 * the database, bounds a sync's time, so small writes cost it nothing.
 */
const WRITE_STYLES = 10;

const emptyStats = (): SyncStats => ({ processed: 0, added: 0, updated: 0, removed: 0, errors: 0 });
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    // The listener goes when the wait ends: a long sync sleeps hundreds of times on one signal.
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason);
    };
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/**
 * The catalogue sync as a durable job: every style's id, then the styles and their SKUs in
 * batches of ids within the request budget. Only the ids are held for the whole run: S&S's full
 * style list (25 MB of text at 58,000 styles, 28 MB once parsed) was a third of a syncing
 * process's heap. A batch is written in statements of whole styles (WRITE_STYLES), so a search
 * never sees half a style; the checkpoint after each lets a run taken over after a crash carry on.
 */
export function catalogSyncHandler(
  db: Database,
  feed: CatalogFeed | undefined,
  options: SyncOptions = {},
): JobHandler {
  const minGapMs = options.requestsPerMinute ? Math.ceil(60_000 / options.requestsPerMinute) : 0;
  return async (ctx: JobContext) => {
    if (!feed) throw new Error("S&S Activewear is not configured");
    const startedAt = Date.now();
    const resumed = ctx.job.checkpoint as SyncCheckpoint | null;
    const stats = resumed?.stats ?? emptyStats();
    let lastRequest = 0;
    const throttle = async () => {
      const wait = lastRequest + minGapMs - Date.now();
      if (wait > 0) await sleep(wait, ctx.signal);
      lastRequest = Date.now();
    };
    // A stopped run sends S&S nothing more, even a prefetch started as the stop arrived.
    const request = async <T>(get: () => Promise<T>) => {
      await throttle();
      ctx.signal.throwIfAborted();
      return get();
    };

    const styleIds = (await request(() => feed.getStyleIds()))
      .filter((id): id is number => Number.isFinite(id))
      .sort((a, b) => a - b);
    // An empty answer is an outage, not a catalogue with nothing in it: never discontinue everything.
    if (!styleIds.length) throw new Error("the feed returned no styles");
    const todo = resumed ? styleIds.filter((id) => id > resumed.lastStyleId) : styleIds;
    const total = styleIds.length;
    const batchSize = options.batchSize ?? batchFor(total);
    let done = total - todo.length;
    await ctx.progress(done, total);

    // The next batch is requested while this one is written: the request budget and the database
    // then overlap instead of adding up. A failed request resolves to undefined (its styles kept).
    const fetchBatch = async (ids: number[]) => {
      try {
        const styles = await request(() => feed.getStyles(ids));
        // None of the batch's styles is an outage (S&S answers 404 for "none"), not 500 styles
        // gone since the list: their products are kept, as for a failed request.
        if (!styles.length) return undefined;
        const skus = await request(() => feed.getProductsByStyleIds(ids));
        return { styles: new Map(styles.map((style) => [style.styleID, style])), skus };
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        return undefined;
      }
    };
    const idsAt = (i: number) => todo.slice(i, i + batchSize);
    let next = todo.length ? fetchBatch(idsAt(0)) : undefined;
    // Everything up to the last of `written` is done: the checkpoint a run taken over resumes from.
    const finished = async (written: number[]) => {
      stats.processed += written.length;
      done += written.length;
      await ctx.saveCheckpoint(
        {
          lastStyleId: written[written.length - 1]!,
          stats,
          elapsedMs: (resumed?.elapsedMs ?? 0) + Date.now() - startedAt,
        } satisfies SyncCheckpoint,
        { done, total },
      );
    };
    for (let i = 0; i < todo.length; i += batchSize) {
      const batch = idsAt(i);
      const fetched = await next!;
      next = i + batchSize < todo.length ? fetchBatch(idsAt(i + batchSize)) : undefined;
      // A stop abandons the prefetch; its rejection (the abort) is not an error of this run.
      next?.catch(() => {});
      if (!fetched) {
        // Keep what we had for these styles: they are not gone, the request failed.
        stats.errors += batch.length;
        await db
          .update(products)
          .set({ lastSyncJobId: ctx.job.id })
          .where(
            and(
              eq(products.source, SOURCE),
              inArray(
                products.externalId,
                batch.map((id) => `ss:${id}`),
              ),
            ),
          );
        await finished(batch);
        continue;
      }
      const groups = skusByStyle(fetched.skus);
      for (let k = 0; k < batch.length; k += WRITE_STYLES) {
        // Stopping: abandon the rest rather than write it after the lease was handed back.
        ctx.signal.throwIfAborted();
        const written = batch.slice(k, k + WRITE_STYLES);
        // Built before the write, which holds PGlite for as little as it can.
        const rows: ReturnType<typeof productRow>[] = [];
        for (const id of written) {
          const style = fetched.styles.get(id);
          // Listed but gone by now: not carried any more, discontinued at the run's end.
          if (!style) continue;
          try {
            const styleSkus = groups.get(id) ?? [];
            rows.push(
              productRow(normalizeSsStyle(style, styleSkus), {
                raw: { style, skus: styleSkus },
                jobId: ctx.job.id,
              }),
            );
          } catch {
            stats.errors += 1;
          }
        }
        const counted = await upsertProducts(db, rows);
        stats.added += counted.added;
        stats.updated += counted.updated;
        await finished(written);
      }
    }

    const durationMs = Math.max(1, (resumed?.elapsedMs ?? 0) + Date.now() - startedAt);
    await db.transaction(async (tx) => {
      const removed = await tx
        .update(products)
        .set({ discontinuedAt: new Date() })
        .where(
          and(
            eq(products.source, SOURCE),
            isNull(products.discontinuedAt),
            or(isNull(products.lastSyncJobId), sql`${products.lastSyncJobId} <> ${ctx.job.id}`),
          ),
        )
        .returning({ id: products.id });
      stats.removed = removed.length;
      // The first real sync replaces the shipped sample catalogue.
      await tx.delete(products).where(eq(products.source, SAMPLE_SOURCE));
      await tx
        .insert(productSyncHistory)
        .values({
          jobId: ctx.job.id,
          ssProcessed: stats.processed,
          ssAdded: stats.added,
          ssUpdated: stats.updated,
          ssErrors: stats.errors,
          ssRemoved: stats.removed,
          durationMs,
        })
        .onConflictDoNothing({ target: productSyncHistory.jobId });
    });
    // Pictures of new and changed products are copied in the background, after the sync.
    await startJob(db, CATALOG_IMAGES_JOB, { startedBy: "sync" });
    return { ...stats, durationMs };
  };
}

export function startCatalogSync(db: Database, startedBy: string) {
  return startJob(db, CATALOG_SYNC_JOB, { startedBy });
}

/** What the sync screen shows: the run in progress (if any) and the last five runs. */
export async function syncOverview(db: Database) {
  const [current, runs, history] = await Promise.all([
    activeJob(db, CATALOG_SYNC_JOB),
    recentJobs(db, CATALOG_SYNC_JOB, 5),
    db.select().from(productSyncHistory).orderBy(desc(productSyncHistory.createdAt)).limit(5),
  ]);
  const byJob = new Map(history.map((h) => [h.jobId, h]));
  return {
    current: current
      ? {
          id: current.id,
          status: current.status,
          done: current.progressDone,
          total: current.progressTotal,
        }
      : null,
    runs: runs.map((run) => {
      const row = byJob.get(run.id);
      const result = (run.result ?? {}) as Partial<SyncStats & { durationMs: number }>;
      const checkpoint = (run.checkpoint ?? {}) as Partial<SyncCheckpoint>;
      const stats = checkpoint.stats;
      return {
        id: run.id,
        status: run.status,
        startedBy: run.startedBy,
        createdAt: run.createdAt.toISOString(),
        error: run.error,
        processed: row?.ssProcessed ?? result.processed ?? stats?.processed ?? 0,
        added: row?.ssAdded ?? result.added ?? stats?.added ?? 0,
        updated: row?.ssUpdated ?? result.updated ?? stats?.updated ?? 0,
        removed: row?.ssRemoved ?? result.removed ?? stats?.removed ?? 0,
        errors: row?.ssErrors ?? result.errors ?? stats?.errors ?? 0,
        durationMs:
          row?.durationMs ??
          (run.finishedAt && run.startedAt
            ? run.finishedAt.getTime() - run.startedAt.getTime()
            : null),
      };
    }),
  };
}
