import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { uploads } from "~/platform/db/schema/index";
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

/**
 * The upload an image address names, for a record to point at (its `*_upload_id` column), with
 * the alt text stored on it when given; null for an address that is not an upload (a bundled
 * /media/... picture, or none). Call it in the transaction that saves the record.
 */
export async function uploadForAddress(
  tx: Queryable,
  address: string | null | undefined,
  alt?: string,
): Promise<string | null> {
  if (!address) return null;
  const [row] =
    alt === undefined
      ? await tx.select({ id: uploads.id }).from(uploads).where(eq(uploads.url, address))
      : await tx
          .update(uploads)
          .set({ alt: alt.trim() })
          .where(eq(uploads.url, address))
          .returning({ id: uploads.id });
  return row?.id ?? null;
}

/** Width, height, srcset and alt of these uploads, by id. */
export async function describeUploads(db: Queryable, ids: Array<string | null | undefined>) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
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
    .where(inArray(uploads.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

export const UPLOAD_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * The columns that point at uploads, read from the foreign keys themselves: a table that gains
 * an image column is covered by adding the foreign key, with no list to keep here.
 */
async function uploadReferences(tx: Queryable) {
  const result = await tx.execute(sql`
    select n.nspname as schema, r.relname as table, a.attname as column
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    join pg_namespace n on n.oid = r.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'public.uploads'::regclass
      and array_length(c.conkey, 1) = 1
    order by 1, 2, 3`);
  // Both drivers answer `execute` with `{ rows }`.
  return (result as unknown as { rows: Array<{ schema: string; table: string; column: string }> })
    .rows;
}

/**
 * Removes uploads at least a day old that no record points at (uploaded and never saved,
 * replaced, or whose record was deleted): their rows, then their files. Rows are locked while
 * this runs, so several instances never remove the same one twice; each row is deleted in a
 * savepoint and kept when a foreign key refuses (a record saved it meanwhile).
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
    const unreferenced = (await uploadReferences(tx)).map(
      (ref) =>
        sql`not exists (select 1 from ${sql.identifier(ref.schema)}.${sql.identifier(ref.table)} r
          where r.${sql.identifier(ref.column)} = ${uploads.id})`,
    );
    const candidates = await tx
      .select({ id: uploads.id, keyPrefix: uploads.keyPrefix })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), ...unreferenced))
      .orderBy(uploads.createdAt)
      .limit(options.limit ?? 200)
      .for("update", { skipLocked: true });

    for (const candidate of candidates) {
      try {
        await tx.transaction((savepoint) =>
          savepoint
            .delete(uploads)
            .where(eq(uploads.id, candidate.id))
            .then(() => {}),
        );
      } catch (error) {
        if (foreignKeyRefused(error)) continue;
        throw error;
      }
      await removeUploadFiles(context.storage, candidate.keyPrefix);
      removed += 1;
    }
  });
  return removed;
}

/**
 * A delete refused by a foreign key, as either driver reports it (drizzle wraps the driver's
 * error in `cause`): RESTRICT reports 23001 on PostgreSQL 17 (PGlite), 23503 on 15.
 */
function foreignKeyRefused(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "23001" || code === "23503") return true;
  }
  return false;
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
