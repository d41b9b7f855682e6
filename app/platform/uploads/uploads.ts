/** Texts and limits of image uploads, shared by the endpoint and the admin uploader. */

export const UPLOAD_BUCKET = "admin-images";
/** Catalogue pictures copied from suppliers or drawn for the sample catalogue (never rewritten). */
export const CATALOG_IMAGE_BUCKET = "catalog-images";
export const UPLOAD_URL = "/resources/upload";
/** The form field names the endpoint reads. */
export const UPLOAD_FILE_FIELD = "file";
export const UPLOAD_ALT_FIELD = "alt";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/**
 * A frame larger than this is refused before any pixel is decoded. PNG, JPEG and still WebP are
 * decoded a few lines at a time (and JPEG/WebP shrunk while decoding), so 40 MP costs ~50 MB.
 */
export const MAX_UPLOAD_PIXELS = 40_000_000;
/** GIF and animated WebP frames are decoded whole (4 bytes a pixel): 16 MP is ~64 MB. */
export const MAX_WHOLE_FRAME_PIXELS = 16_000_000;
export const MAX_ALT_LENGTH = 300;

export const UPLOAD_MESSAGES = {
  notImage: "Please select an image file",
  tooLarge: "Image must be less than 5MB",
  failed: "Failed to upload image",
  tooManyPixels: "Image dimensions are too large (at most 40 megapixels)",
  tooManyPixelsAnimated: "GIF and animated images can be at most 16 megapixels",
  busy: "Too many images are being processed. Please try again in a minute.",
  unreachable: "Could not fetch an image from that address. Check it, or upload the image instead.",
  altTooLong: `Alt text must be at most ${MAX_ALT_LENGTH} characters`,
} as const;

export const UPLOAD_HINT = "PNG, JPG, GIF up to 5MB";

/** What the endpoint answers with on success (status 201). */
export interface UploadedImage {
  id: string;
  /** The largest web version; what a record stores in its image field. */
  url: string;
  /** "url 320w, url 640w, ..." for <img srcset>. */
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

/** Widths of the web versions; never wider than the original. */
export const VARIANT_WIDTHS = [320, 640, 1024, 1600] as const;

/** Every width to make for an image `width` pixels wide: the listed ones below it, and itself up to the largest. */
export function variantWidths(width: number) {
  const largest = Math.max(...VARIANT_WIDTHS);
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  widths.push(Math.min(width, largest));
  return [...new Set(widths)];
}
