import { createHash } from "node:crypto";
import { type SQL, and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { catalogImages, products } from "~/platform/db/schema/index";
import type { JobContext, JobHandler } from "~/platform/jobs/jobs.server";
import type { FileStorage } from "~/platform/storage/storage.server";
import { DEFAULT_SS_IMAGE_BASE, type ImageFetcher } from "~/platform/uploads/image-fetch.server";
import {
  type ProcessedImage,
  UploadError,
  loadSharp,
  processImage,
} from "~/platform/uploads/images.server";
import { describeVariants, putVariants } from "~/platform/uploads/uploads.server";
import { CATALOG_IMAGE_BUCKET } from "~/platform/uploads/uploads";
import { shapeFor, silhouetteSvg } from "./silhouettes";

export const CATALOG_IMAGES_JOB = "catalog-images";
/** A failed picture is tried again on a later run, at most this many times in all. */
const MAX_ATTEMPTS = 3;
const RETRY_AFTER_MS = 60 * 60 * 1000;
const BATCH = 100;

export interface CatalogImage {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

export interface CatalogImageDeps {
  db: Database;
  storage: FileStorage;
  fetchImage: ImageFetcher;
  /** SS_ACTIVEWEAR_IMAGE_BASE_URL: where S&S's image paths are actually fetched from. */
  ssImageBase: string;
}

interface Checkpoint {
  lastId: string;
  done: number;
}

/**
 * Copies every product's picture into file storage as WebP web versions, so pages only ever
 * show the site's own images (the CSP allows no other). Runs as a job after each sync and once
 * a day, never on a visitor's request: a page of 50 results or a crawler walking a million
 * products then costs no supplier fetch and no decoding, and the pictures are ready before
 * anyone asks. Products are walked by id (resumable after a crash); one picture per distinct
 * address, one at a time through the image pool. Sample products get a drawn silhouette.
 */
export function catalogImagesHandler(deps: CatalogImageDeps): JobHandler {
  return async (ctx: JobContext) => {
    const runStart = new Date();
    const resumed = ctx.job.checkpoint as Checkpoint | null;
    const [{ total } = { total: 0 }] = await deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(and(isNotNull(products.imageUrl), isNull(products.discontinuedAt)));
    let lastId = resumed?.lastId ?? "00000000-0000-0000-0000-000000000000";
    let done = resumed?.done ?? 0;
    const stats = { stored: 0, failed: 0, removed: 0 };
    const drawn = new Map<string, Promise<ProcessedImage>>();

    for (;;) {
      ctx.signal.throwIfAborted();
      const batch = await deps.db
        .select({
          id: products.id,
          imageUrl: products.imageUrl,
          sample: products.sample,
          name: products.name,
          category: products.category,
          colour: sql<string | null>`${products.raw} -> 'skus' -> 0 ->> 'color1'`,
        })
        .from(products)
        .where(
          and(
            gt(products.id, lastId),
            isNotNull(products.imageUrl),
            isNull(products.discontinuedAt),
          ),
        )
        .orderBy(asc(products.id))
        .limit(BATCH);
      if (batch.length === 0) break;

      const known = await deps.db
        .select()
        .from(catalogImages)
        .where(
          inArray(
            catalogImages.sourceUrl,
            batch.map((p) => p.imageUrl!),
          ),
        );
      const byUrl = new Map(known.map((row) => [row.sourceUrl, row]));
      for (const product of batch) {
        const source = product.imageUrl!;
        const row = byUrl.get(source);
        const due =
          !row ||
          (row.status === "failed" &&
            row.attempts < MAX_ATTEMPTS &&
            row.updatedAt.getTime() < runStart.getTime() - RETRY_AFTER_MS);
        if (!due) continue;
        ctx.signal.throwIfAborted();
        const picture = product.sample
          ? drawnPicture(drawn, shapeFor(product.name, product.category), product.colour)
          : deps.fetchImage(fetchAddress(source, deps.ssImageBase), ctx.signal).then(processImage);
        const outcome = await storeCatalogImage(deps, source, picture);
        byUrl.set(source, outcome);
        if (outcome.status === "ready") stats.stored += 1;
        else stats.failed += 1;
      }
      lastId = batch[batch.length - 1]!.id;
      done += batch.length;
      await ctx.saveCheckpoint({ lastId, done } satisfies Checkpoint, {
        done: Math.min(done, total),
        total,
      });
    }
    stats.removed = await removeUnusedCatalogImages(deps);
    return stats;
  };
}

/** S&S paths are stored against its documented host; fetch them from the configured one. */
function fetchAddress(source: string, ssImageBase: string) {
  if (ssImageBase !== DEFAULT_SS_IMAGE_BASE && source.startsWith(DEFAULT_SS_IMAGE_BASE)) {
    return new URL(source.slice(DEFAULT_SS_IMAGE_BASE.length), ssImageBase).toString();
  }
  return source;
}

function drawnPicture(
  cache: Map<string, Promise<ProcessedImage>>,
  shape: ReturnType<typeof shapeFor>,
  colour: string | null,
) {
  const key = `${shape}:${colour}`;
  let picture = cache.get(key);
  if (!picture) {
    picture = loadSharp()
      .then((sharp) =>
        sharp(Buffer.from(silhouetteSvg(shape, colour)))
          .png()
          .toBuffer(),
      )
      .then(processImage);
    cache.set(key, picture);
  }
  return picture;
}

async function storeCatalogImage(
  deps: CatalogImageDeps,
  source: string,
  picture: Promise<ProcessedImage>,
) {
  const keyPrefix = `${CATALOG_IMAGE_BUCKET}/${createHash("sha256").update(source).digest("hex").slice(0, 32)}`;
  let values;
  try {
    const image = await picture;
    const stored = describeVariants(deps.storage, keyPrefix, image);
    await putVariants(deps.storage, stored, image);
    values = {
      status: "ready",
      keyPrefix,
      url: stored.url,
      srcset: stored.srcset,
      width: stored.width,
      height: stored.height,
      error: null,
    };
  } catch (error) {
    // A stop mid-fetch is not the picture's fault.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    values = {
      status: "failed",
      error: error instanceof UploadError ? error.message : "could not be stored",
    };
  }
  const [row] = await deps.db
    .insert(catalogImages)
    .values({ sourceUrl: source, ...values })
    .onConflictDoUpdate({
      target: catalogImages.sourceUrl,
      set: { ...values, attempts: sql`${catalogImages.attempts} + 1`, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** Pictures no product names any more (discontinued styles, the replaced sample catalogue). */
async function removeUnusedCatalogImages(deps: CatalogImageDeps) {
  const unused = await deps.db
    .select({ sourceUrl: catalogImages.sourceUrl, keyPrefix: catalogImages.keyPrefix })
    .from(catalogImages)
    .where(
      sql`not exists (select 1 from ${products} p where p.image_url = ${catalogImages.sourceUrl} and p.discontinued_at is null)`,
    )
    .limit(1000);
  for (const row of unused) {
    if (row.keyPrefix) await deps.storage.delete(await deps.storage.list(`${row.keyPrefix}/`));
    await deps.db.delete(catalogImages).where(eq(catalogImages.sourceUrl, row.sourceUrl));
  }
  return unused.length;
}

/** The stored pictures of these supplier addresses, for cards with srcset, width and height. */
export async function describeCatalogImages(
  db: Pick<Database, "select">,
  sources: Array<string | null>,
): Promise<Map<string, CatalogImage>> {
  const wanted = [...new Set(sources.filter((s): s is string => Boolean(s)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      sourceUrl: catalogImages.sourceUrl,
      url: catalogImages.url,
      srcset: catalogImages.srcset,
      width: catalogImages.width,
      height: catalogImages.height,
    })
    .from(catalogImages)
    .where(and(inArray(catalogImages.sourceUrl, wanted), eq(catalogImages.status, "ready")));
  return new Map(rows.map((r) => [r.sourceUrl, toImage(r.url, r.srcset, r.width, r.height)]));
}

type ImageRow = [sourceUrl: string, url: string, srcset: string, width: number, height: number];

/**
 * `describeCatalogImages` inside a larger statement: the stored pictures of the addresses the
 * subquery `sources` gives, as one JSON value that `catalogImagesFromJson` reads.
 */
export const catalogImagesJson = (sources: SQL) =>
  sql`(select json_agg(json_build_array(ci.source_url, ci.url, ci.srcset, ci.width, ci.height))
    from ${catalogImages} ci where ci.status = 'ready' and ci.source_url in (${sources}))`;

export function catalogImagesFromJson(rows: ImageRow[] | null): Map<string, CatalogImage> {
  return new Map(
    (rows ?? []).map(([source, url, srcset, width, height]) => [
      source,
      toImage(url, srcset, width, height),
    ]),
  );
}

function toImage(
  url: string | null,
  srcset: string | null,
  width: number | null,
  height: number | null,
): CatalogImage {
  return { url: url!, srcset: srcset!, width: width!, height: height! };
}
