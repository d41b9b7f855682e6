import type { DecorationLocation } from "./matrix";

// Artwork per decoration location (issue 23): what the builder accepts and how it is recognised.
// Browser-safe: the builder and the server share the limits, the messages and the check.

/** Where artwork files live in file storage; originals are never served under /media. */
export const ARTWORK_BUCKET = "quote-artwork";
/** Under /media only the thumbnails of the artwork bucket are served; the originals are private. */
export function isPrivateStorageKey(key: string) {
  return key.startsWith(`${ARTWORK_BUCKET}/`) && !key.endsWith("/thumb.webp");
}

/** The public endpoint the builder posts one file to (multipart, field `file`). */
export const ARTWORK_UPLOAD_URL = "/resources/quote-artwork";
/** The admin download of an artwork's original file. */
export const artworkDownloadPath = (uploadId: string) => `/admin/quote-artwork/${uploadId}`;

/**
 * 20 MB a file: print-ready PDFs and large PNGs of logos fit; the "30 MB PDF" does not.
 * The endpoint buffers one file, so this is also the memory an upload can cost.
 */
export const MAX_ARTWORK_BYTES = 20 * 1024 * 1024;
/** PNG and JPEG are decoded for their thumbnail: the upload rules' pixel bound applies. */
export const MAX_ARTWORK_PIXELS = 40_000_000;
export const MAX_ARTWORK_NAME = 200;

export const ARTWORK_ACCEPT = ".png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf";

export const ARTWORK_MESSAGES = {
  notAccepted:
    "Artwork must be a PNG, JPEG or PDF file. Other files (SVG, HTML, Word…) are not accepted.",
  tooLarge: "Artwork must be a PNG, JPEG or PDF file of at most 20 MB.",
  tooManyPixels:
    "Artwork images can be at most 40 megapixels. Please send a smaller PNG or JPEG, or a PDF.",
  failed: "Your artwork could not be stored. Please try again.",
  busy: "Too many files are being processed. Please try again in a minute.",
  rateLimited: "Too many artwork uploads. Please wait a few minutes and try again.",
} as const;

export type ArtworkFormat = "png" | "jpeg" | "pdf";

export const ARTWORK_CONTENT_TYPES: Record<ArtworkFormat, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  pdf: "application/pdf",
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/**
 * What the bytes are, by their magic number, never by the name or the declared type: an SVG or
 * an HTML page named logo.png is null. (PNG and JPEG are also decoded on the server.)
 */
export function artworkFormat(bytes: Uint8Array): ArtworkFormat | null {
  if (startsWith(bytes, PNG)) return "png";
  if (startsWith(bytes, JPEG)) return "jpeg";
  if (startsWith(bytes, PDF)) return "pdf";
  return null;
}

/** A file name fit to show and to send back in Content-Disposition: no paths, no control characters. */
export function cleanArtworkName(name: string, format: ArtworkFormat) {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, MAX_ARTWORK_NAME);
  return base || `artwork.${format === "jpeg" ? "jpg" : format}`;
}

/** An artwork file as the builder, the quote's page and the admin show it. */
export interface ArtworkFile {
  id: string;
  name: string;
  format: ArtworkFormat;
  bytes: number;
  /** A small WebP of a PNG or JPEG (public, unguessable name); null for a PDF. */
  thumbnailUrl: string | null;
}

/** Artwork attached to a quote: which line (from 0) and location it belongs to. */
export interface QuoteArtworkFile extends ArtworkFile {
  lineIndex: number;
  location: DecorationLocation;
}

export function formatArtworkSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
