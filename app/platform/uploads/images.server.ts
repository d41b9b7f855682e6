import type { Metadata } from "sharp";
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
  MAX_WHOLE_FRAME_PIXELS,
  UPLOAD_MESSAGES,
  VARIANT_WIDTHS,
  variantWidths,
} from "./uploads";
import { processWide } from "~/platform/lib/process-wide";
import { PoolFullError, createWorkPool } from "./work-pool";

/**
 * sharp and libvips (about 30 MB), loaded with the first picture this process handles
 * (docs/performance.md, memory). libvips' operation cache would keep recently decoded images (up
 * to 50 MB) alive after each upload; every upload is new bytes, so nothing is reused from it.
 */
export const loadSharp = () =>
  import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });

/** A refusal the visitor can act on: its message is shown as is, with this HTTP status. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 503 = 400,
  ) {
    super(message);
  }
}

/** The formats accepted, as sharp names them from the bytes (never from a name or a declared type). */
const ACCEPTED = new Set(["png", "jpeg", "gif", "webp"]);

export interface ImageVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedImage {
  format: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * One image at a time in this process (two admins uploading, a sync importing pictures): each
 * costs up to ~150 MB at its peak, so they wait in turn; past 16 waiting the caller is told to
 * retry instead of queueing without end.
 */
export const imagePool = processWide("image-pool", () => createWorkPool(1, 16));

/**
 * Checks that the bytes are a whole PNG, JPEG, GIF or WebP of bounded size, then makes the web
 * versions (WebP, several widths, metadata stripped). Only the re-encoded versions are ever kept.
 *
 * Only the first frame of an animated GIF or WebP is kept: the site shows still pictures, and a
 * 2,000-frame GIF then costs one frame instead of 2,000.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new UploadError(UPLOAD_MESSAGES.notImage);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
  try {
    return await imagePool.run(() => decodeAndResize(bytes));
  } catch (error) {
    if (error instanceof PoolFullError) throw new UploadError(UPLOAD_MESSAGES.busy, 503);
    throw error;
  }
}

async function decodeAndResize(bytes: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Reads the header only: a huge declared size is seen before any pixel is decoded.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.notImage);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) {
    throw new UploadError(UPLOAD_MESSAGES.notImage);
  }
  const frameHeight = meta.pageHeight ?? meta.height;
  const wholeFrame = meta.format === "gif" || (meta.pages ?? 1) > 1;
  const pixelLimit = wholeFrame ? MAX_WHOLE_FRAME_PIXELS : MAX_UPLOAD_PIXELS;
  if (meta.width * frameHeight > pixelLimit) {
    throw new UploadError(
      wholeFrame ? UPLOAD_MESSAGES.tooManyPixelsAnimated : UPLOAD_MESSAGES.tooManyPixels,
    );
  }

  // Orientation from EXIF swaps the sides of a rotated photo.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? frameHeight : meta.width;
  const height = swapped ? meta.width : frameHeight;

  try {
    // The one decode: first frame, upright, in 8-bit sRGB (CMYK, 16-bit and grey included),
    // shrunk to the largest web width while decoding where the format allows it.
    const base = await sharp(bytes, {
      pages: 1,
      limitInputPixels: pixelLimit,
      // A truncated or corrupt file is refused instead of stored half grey.
      failOn: "truncated",
    })
      .autoOrient()
      .resize({ width: Math.max(...VARIANT_WIDTHS), withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    const raw = {
      width: base.info.width,
      height: base.info.height,
      channels: base.info.channels as 1 | 2 | 3 | 4,
    };

    // The widths are encoded side by side (libuv's threads): each is at most 1600 px wide.
    const variants = await Promise.all(
      variantWidths(width).map(async (w): Promise<ImageVariant> => {
        const { data, info } = await sharp(base.data, { raw })
          .resize({ width: Math.min(w, raw.width) })
          .webp({ quality: 80, effort: 2 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data };
      }),
    );
    return { format: meta.format, width, height, variants };
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.notImage);
  }
}
