import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Metadata } from "sharp";
import type { Database } from "~/platform/db/client.server";
import type { Queryable } from "~/platform/db/queryable";
import { quoteArtwork, uploads } from "~/platform/db/schema/index";
import type { FileStorage, StoredFile } from "~/platform/storage/storage.server";
import { UploadError, imagePool, loadSharp } from "~/platform/uploads/images.server";
import { UPLOAD_CACHE_CONTROL } from "~/platform/uploads/uploads.server";
import { PoolFullError } from "~/platform/uploads/work-pool";
import {
  ARTWORK_BUCKET,
  ARTWORK_CONTENT_TYPES,
  ARTWORK_MESSAGES,
  type ArtworkFile,
  type ArtworkFormat,
  MAX_ARTWORK_BYTES,
  MAX_ARTWORK_PIXELS,
  type QuoteArtworkFile,
  artworkDownloadPath,
  artworkFormat,
  cleanArtworkName,
} from "./artwork";
import { DECORATION_LOCATIONS, type DecorationLocation } from "./matrix";

const THUMBNAIL_WIDTH = 320;

/** The original's key: never served under /media (see server/media.ts), only by the admin download. */
const originalKey = (keyPrefix: string, format: ArtworkFormat) =>
  `${keyPrefix}/original.${format === "jpeg" ? "jpg" : format}`;
const thumbnailKey = (keyPrefix: string) => `${keyPrefix}/thumb.webp`;

/** A PNG or JPEG whose bytes decode (within the pixel bound), made into a small WebP. */
async function thumbnail(bytes: Buffer, format: "png" | "jpeg") {
  return imagePool.run(async () => {
    const sharp = await loadSharp();
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new UploadError(ARTWORK_MESSAGES.notAccepted);
    }
    if (meta.format !== format || !meta.width || !meta.height) {
      throw new UploadError(ARTWORK_MESSAGES.notAccepted);
    }
    if (meta.width * meta.height > MAX_ARTWORK_PIXELS) {
      throw new UploadError(ARTWORK_MESSAGES.tooManyPixels);
    }
    try {
      const { data, info } = await sharp(bytes, {
        pages: 1,
        limitInputPixels: MAX_ARTWORK_PIXELS,
        failOn: "truncated",
      })
        .autoOrient()
        .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
        .webp({ quality: 80, effort: 2 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, original: meta };
    } catch {
      throw new UploadError(ARTWORK_MESSAGES.notAccepted);
    }
  });
}

/**
 * Checks one artwork file (magic number, size; PNG and JPEG decoded for a thumbnail), stores the
 * original and the thumbnail under a new unique name and records the upload. Nothing points at
 * it yet: a quote request that carries its id does (quote_artwork), and the upload collector
 * removes it a day later otherwise.
 */
export async function storeArtworkUpload(
  context: { db: Database; storage: FileStorage },
  input: { bytes: Buffer; fileName: string; uploadedBy: string },
): Promise<ArtworkFile> {
  const { bytes } = input;
  if (bytes.length > MAX_ARTWORK_BYTES) throw new UploadError(ARTWORK_MESSAGES.tooLarge, 413);
  const format = artworkFormat(bytes);
  if (!format) throw new UploadError(ARTWORK_MESSAGES.notAccepted);
  let thumb: Awaited<ReturnType<typeof thumbnail>> | null = null;
  if (format !== "pdf") {
    try {
      thumb = await thumbnail(bytes, format);
    } catch (error) {
      if (error instanceof PoolFullError) throw new UploadError(ARTWORK_MESSAGES.busy, 503);
      throw error;
    }
  }
  const id = randomUUID();
  const keyPrefix = `${ARTWORK_BUCKET}/${id}`;
  const name = cleanArtworkName(input.fileName, format);
  const thumbnailUrl = thumb ? context.storage.publicUrl(thumbnailKey(keyPrefix)) : null;
  const variants = [
    ...(thumb
      ? [
          {
            key: thumbnailKey(keyPrefix),
            width: thumb.width,
            height: thumb.height,
            bytes: thumb.data.length,
          },
        ]
      : []),
    { key: originalKey(keyPrefix, format), width: 0, height: 0, bytes: bytes.length },
  ];
  // The row first: a crash while storing leaves a row the collector finds.
  await context.db.insert(uploads).values({
    id,
    bucket: ARTWORK_BUCKET,
    keyPrefix,
    // A PDF has no web version: its address is the admin download (unique, never an image).
    url: thumbnailUrl ?? artworkDownloadPath(id),
    srcset: thumbnailUrl ? `${thumbnailUrl} ${thumb!.width}w` : "",
    variants,
    width: thumb?.original.width ?? 0,
    height: thumb?.original.height ?? 0,
    alt: "",
    sourceFormat: format,
    sourceBytes: bytes.length,
    fileName: name,
    uploadedBy: input.uploadedBy,
  });
  try {
    await context.storage.put(originalKey(keyPrefix, format), bytes, {
      contentType: ARTWORK_CONTENT_TYPES[format],
    });
    if (thumb) {
      await context.storage.put(thumbnailKey(keyPrefix), thumb.data, {
        contentType: "image/webp",
        cacheControl: UPLOAD_CACHE_CONTROL,
      });
    }
  } catch {
    await context.storage.delete(variants.map((v) => v.key)).catch(() => {});
    await context.db.delete(uploads).where(eq(uploads.id, id));
    throw new UploadError(ARTWORK_MESSAGES.failed, 503);
  }
  return { id, name, format, bytes: bytes.length, thumbnailUrl };
}

const artworkColumns = {
  id: uploads.id,
  name: uploads.fileName,
  format: uploads.sourceFormat,
  bytes: uploads.sourceBytes,
  url: uploads.url,
  srcset: uploads.srcset,
};

function toFile(row: {
  id: string;
  name: string | null;
  format: string;
  bytes: number;
  url: string;
  srcset: string;
}): ArtworkFile {
  const format = row.format as ArtworkFormat;
  return {
    id: row.id,
    name: row.name ?? cleanArtworkName("", format),
    format,
    bytes: row.bytes,
    thumbnailUrl: row.srcset ? row.url : null,
  };
}

/** Artwork uploads by id (only the artwork bucket's), for a request to attach. */
export async function artworkUploads(db: Queryable, ids: string[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<string, ArtworkFile>();
  const rows = await db
    .select(artworkColumns)
    .from(uploads)
    .where(and(inArray(uploads.id, wanted), eq(uploads.bucket, ARTWORK_BUCKET)));
  return new Map(rows.map((r) => [r.id, toFile(r)]));
}

/** Attaches artwork to a stored quote's lines, in the transaction that stores the quote. */
export async function attachArtwork(
  tx: Queryable,
  quoteId: string,
  items: Array<{ lineIndex: number; location: DecorationLocation; uploadId: string }>,
) {
  if (!items.length) return;
  await tx.insert(quoteArtwork).values(items.map((item) => ({ quoteId, ...item })));
}

/**
 * A quote's artwork, by line and location (file name, format, size, thumbnail address): for the
 * buyer's quote page and the admin's quote screen. The admin downloads an original at
 * `artworkDownloadPath(id)`.
 */
export async function quoteArtworkFiles(
  db: Queryable,
  quoteId: string,
): Promise<QuoteArtworkFile[]> {
  const rows = await db
    .select({
      ...artworkColumns,
      lineIndex: quoteArtwork.lineIndex,
      location: quoteArtwork.location,
    })
    .from(quoteArtwork)
    .innerJoin(uploads, eq(uploads.id, quoteArtwork.uploadId))
    .where(eq(quoteArtwork.quoteId, quoteId))
    .orderBy(asc(quoteArtwork.lineIndex));
  const order = (l: string) => DECORATION_LOCATIONS.indexOf(l as DecorationLocation);
  return rows
    .sort((a, b) => a.lineIndex - b.lineIndex || order(a.location) - order(b.location))
    .map((r) => ({
      ...toFile(r),
      lineIndex: r.lineIndex,
      location: r.location as DecorationLocation,
    }));
}

/** The original file of an artwork upload, for the admin download; null when there is none. */
export async function artworkOriginal(
  context: { db: Queryable; storage: FileStorage },
  uploadId: string,
): Promise<{ file: StoredFile; name: string; contentType: string } | null> {
  const [row] = await context.db
    .select({ keyPrefix: uploads.keyPrefix, ...artworkColumns })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.bucket, ARTWORK_BUCKET)));
  if (!row) return null;
  const artwork = toFile(row);
  const file = await context.storage.get(originalKey(row.keyPrefix, artwork.format));
  if (!file) return null;
  return { file, name: artwork.name, contentType: ARTWORK_CONTENT_TYPES[artwork.format] };
}
