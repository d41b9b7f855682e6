import sharp, { type Metadata } from "sharp";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES, variantWidths } from "./uploads";

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
 * Checks that the bytes are a whole PNG, JPEG, GIF or WebP of bounded size, then makes the web
 * versions (WebP, several widths, metadata stripped). Only the re-encoded versions are ever kept.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new UploadError(UPLOAD_MESSAGES.notImage);
  if (bytes.length > MAX_UPLOAD_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);

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
  const frames = meta.pages ?? 1;
  if (
    meta.width * frameHeight > MAX_UPLOAD_PIXELS ||
    meta.width * frameHeight * frames > 4 * MAX_UPLOAD_PIXELS
  ) {
    throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
  }

  const animated = frames > 1;
  const input = () =>
    sharp(bytes, {
      animated,
      limitInputPixels: MAX_UPLOAD_PIXELS * (animated ? frames : 1),
      // A truncated or corrupt file is refused instead of stored half grey.
      failOn: "truncated",
    }).rotate();

  // Orientation from EXIF swaps the sides of a rotated photo.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? frameHeight : meta.width;
  const height = swapped ? meta.width : frameHeight;

  const variants: ImageVariant[] = [];
  try {
    for (const w of variantWidths(width)) {
      const { data, info } = await input()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.pageHeight ?? info.height, data });
    }
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.notImage);
  }
  return { format: meta.format, width, height, variants };
}
