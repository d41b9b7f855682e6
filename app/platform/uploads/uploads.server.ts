import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import {
  brandLogos,
  clientWebstoreExamples,
  successStories,
  uploads,
} from "~/platform/db/schema/index";
import type { Actor } from "~/platform/audit/audit.server";
import type { JobHandler, JobSchedule } from "~/platform/jobs/jobs.server";
import type { FileStorage } from "~/platform/storage/storage.server";
import type { ImageFetcher } from "./image-fetch.server";
import { type ProcessedImage, UploadError, processImage } from "./images.server";
import { UPLOAD_BUCKET, UPLOAD_MESSAGES, type UploadedImage } from "./uploads";

export interface UploadContext {
  db: Database;
  storage: FileStorage;
  logger?: Pick<Logger, "warn" | "error" | "info">;
}

/** One year: every stored name is unique and never rewritten. */
export const UPLOAD_CACHE_CONTROL = "public, max-age=31536000, immutable";

interface StoredVariant {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Checks the bytes, makes the web versions and stores them under a new unique name in the
 * admin-images bucket. The row is written first (unused), so a crash half-way leaves nothing the
 * collector cannot find.
 */
export async function storeImageUpload(
  context: UploadContext,
  actor: Actor,
  input: { bytes: Buffer; alt: string },
): Promise<UploadedImage> {
  const image = await processImage(input.bytes);
  const keyPrefix = `${UPLOAD_BUCKET}/${randomUUID()}`;
  const stored = describeVariants(context.storage, keyPrefix, image);

  const [row] = await context.db
    .insert(uploads)
    .values({
      bucket: UPLOAD_BUCKET,
      keyPrefix,
      url: stored.url,
      srcset: stored.srcset,
      variants: stored.variants,
      width: stored.width,
      height: stored.height,
      alt: input.alt,
      sourceFormat: image.format,
      sourceBytes: input.bytes.length,
      uploadedBy: actor.email,
    })
    .returning({ id: uploads.id });
  try {
    await putVariants(context.storage, stored, image);
  } catch (error) {
    context.logger?.error({ err: error, keyPrefix }, "storing an upload failed");
    await context.db.delete(uploads).where(eq(uploads.id, row!.id));
    throw new UploadError(UPLOAD_MESSAGES.failed, 503);
  }
  const { url, srcset, width, height } = stored;
  return { id: row!.id, url, srcset, width, height, alt: input.alt };
}

/**
 * The picture at an outside address, fetched (see image-fetch.server.ts) and stored as an
 * upload: what a pasted image address becomes when a record is saved.
 */
export async function importImageUpload(
  context: UploadContext & { fetchImage: ImageFetcher },
  actor: Actor,
  input: { address: string; alt: string },
): Promise<UploadedImage> {
  const bytes = await context.fetchImage(input.address);
  return storeImageUpload(context, actor, { bytes, alt: input.alt });
}

/** Where each web version of a processed image goes under `keyPrefix`, and its srcset. */
export function describeVariants(storage: FileStorage, keyPrefix: string, image: ProcessedImage) {
  const variants: StoredVariant[] = image.variants.map((v) => ({
    key: `${keyPrefix}/${v.width}w.webp`,
    width: v.width,
    height: v.height,
    bytes: v.data.length,
  }));
  const largest = variants[variants.length - 1]!;
  return {
    keyPrefix,
    variants,
    url: storage.publicUrl(largest.key),
    srcset: variants.map((v) => `${storage.publicUrl(v.key)} ${v.width}w`).join(", "),
    width: largest.width,
    height: largest.height,
  };
}

/** Writes the web versions (immutable names, cached for a year); on failure removes what was written. */
export async function putVariants(
  storage: FileStorage,
  stored: ReturnType<typeof describeVariants>,
  image: ProcessedImage,
) {
  try {
    for (const [i, variant] of image.variants.entries()) {
      await storage.put(stored.variants[i]!.key, variant.data, {
        contentType: "image/webp",
        cacheControl: UPLOAD_CACHE_CONTROL,
      });
    }
  } catch (error) {
    await removeUploadFiles(storage, stored.keyPrefix).catch(() => {});
    throw error;
  }
}

async function removeUploadFiles(storage: FileStorage, keyPrefix: string) {
  await storage.delete(await storage.list(`${keyPrefix}/`));
}

/** A record that can hold uploaded images, e.g. { type: "success_story", id }. */
export interface UploadOwner {
  type: string;
  id: string;
}

/**
 * Records which uploads a record now uses, in the caller's transaction: call it whenever the
 * record's image fields are saved (with their current values) and when it is deleted (with []).
 * Uploads it no longer uses become collectable a day later. URLs that are not uploads (an
 * external image address) are ignored. Alt text, when given, is stored with the upload.
 */
export async function setUploadsUsedBy(
  tx: Queryable,
  owner: UploadOwner,
  images: Array<string | null | undefined | { url: string; alt?: string }>,
) {
  const wanted = images
    .map((image) => (typeof image === "string" ? { url: image } : image))
    .filter((image): image is { url: string; alt?: string } => Boolean(image?.url));
  const urls = wanted.map((image) => image.url);
  await tx
    .update(uploads)
    .set({ usedByType: null, usedById: null, releasedAt: new Date() })
    .where(
      and(
        eq(uploads.usedByType, owner.type),
        eq(uploads.usedById, owner.id),
        urls.length ? notInArray(uploads.url, urls) : undefined,
      ),
    );
  for (const image of wanted) {
    await tx
      .update(uploads)
      .set({
        usedByType: owner.type,
        usedById: owner.id,
        releasedAt: null,
        ...(image.alt !== undefined ? { alt: image.alt.trim() } : {}),
      })
      .where(eq(uploads.url, image.url));
  }
}

/** Width, height, srcset and alt of the uploads among these URLs, for <img> without layout shift. */
export async function describeUploads(
  db: Queryable,
  urls: Array<string | null | undefined>,
) {
  const wanted = [...new Set(urls.filter((u): u is string => Boolean(u)))];
  if (wanted.length === 0) return new Map<string, UploadedImage>();
  const rows = await db
    .select({
      id: uploads.id,
      url: uploads.url,
      srcset: uploads.srcset,
      width: uploads.width,
      height: uploads.height,
      alt: uploads.alt,
    })
    .from(uploads)
    .where(inArray(uploads.url, wanted));
  return new Map(rows.map((row) => [row.url, row]));
}

/**
 * Image fields of the records that hold uploads. The collector checks them before removing a
 * file, so an image still shown somewhere is never removed, even if a screen forgot to call
 * setUploadsUsedBy.
 */
const IMAGE_FIELDS = [
  {
    type: "success_story",
    table: successStories,
    id: successStories.id,
    url: successStories.imageUrl,
  },
  {
    type: "client_webstore_example",
    table: clientWebstoreExamples,
    id: clientWebstoreExamples.id,
    url: clientWebstoreExamples.logoUrl,
  },
  { type: "brand_logo", table: brandLogos, id: brandLogos.id, url: brandLogos.logoUrl },
] as const;

export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes uploads no record has used for a day (uploaded and never saved, replaced, or whose
 * record was deleted): their files first, then their rows. Rows are locked while this runs, so
 * several instances never remove the same one twice.
 */
export async function collectUnusedUploads(
  context: UploadContext,
  options: { olderThanMs?: number; now?: Date; limit?: number } = {},
) {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - (options.olderThanMs ?? UPLOAD_GRACE_MS),
  );
  let removed = 0;
  await context.db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: uploads.id, url: uploads.url, keyPrefix: uploads.keyPrefix })
      .from(uploads)
      .where(
        and(
          isNull(uploads.usedById),
          lt(sql`coalesce(${uploads.releasedAt}, ${uploads.createdAt})`, cutoff),
        ),
      )
      .orderBy(uploads.createdAt)
      .limit(options.limit ?? 200)
      .for("update", { skipLocked: true });
    if (candidates.length === 0) return;

    const stillShown = new Map<string, UploadOwner>();
    const urls = candidates.map((c) => c.url);
    for (const field of IMAGE_FIELDS) {
      const rows = await tx
        .select({ id: field.id, url: field.url })
        .from(field.table)
        .where(inArray(field.url, urls));
      for (const row of rows)
        if (row.url) stillShown.set(row.url, { type: field.type, id: row.id });
    }

    for (const candidate of candidates) {
      const owner = stillShown.get(candidate.url);
      if (owner) {
        await tx
          .update(uploads)
          .set({ usedByType: owner.type, usedById: owner.id, releasedAt: null })
          .where(eq(uploads.id, candidate.id));
        continue;
      }
      await removeUploadFiles(context.storage, candidate.keyPrefix);
      await tx.delete(uploads).where(eq(uploads.id, candidate.id));
      removed += 1;
    }
  });
  return removed;
}

/** Removes unused uploads: shortly after the server starts, then daily, across every instance. */
export const UPLOAD_COLLECTION_JOB = "upload-collection";

export const uploadCollectionSchedule: JobSchedule = {
  kind: UPLOAD_COLLECTION_JOB,
  everyMs: UPLOAD_GRACE_MS,
};

export function uploadCollectionHandler(context: UploadContext): JobHandler {
  return async () => {
    const removed = await collectUnusedUploads(context);
    if (removed) context.logger?.info({ removed }, "collected unused uploads");
    return { removed };
  };
}

/**
 * What a record's image field keeps: an uploaded image's path as it is; a pasted outside address
 * is fetched and stored as an upload first, so every picture a page shows is the site's own
 * (the CSP allows no other). Refusals are UploadErrors in the upload messages.
 */
export async function ownImageAddress(
  context: UploadContext & { fetchImage: ImageFetcher },
  actor: Actor,
  value: string | null,
  alt: string,
): Promise<string | null> {
  if (!value || !/^https?:\/\//i.test(value)) return value;
  return (await importImageUpload(context, actor, { address: value, alt })).url;
}
