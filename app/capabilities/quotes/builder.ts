import type { ArtworkFile } from "./artwork";
import { DECORATION_LOCATIONS, type DecorationLocation } from "./matrix";
import type { Decoration } from "./pricing";

// The quote builder's lines as the browser keeps them, and the form fields they are posted as.
// The same field names serve the builder with and without JavaScript, so the server reads one form.

/** What the builder needs of a product to show and price a line. */
export interface BuilderProduct {
  id: string;
  name: string;
  brand: string;
  styleNumber: string;
  category: string;
  costCents: number;
  sizes: string[];
  colours: string[];
}

export interface DraftLine {
  product: BuilderProduct;
  colour: string;
  quantities: Record<string, number>;
  decorations: Partial<Record<DecorationLocation, LocationDecoration>>;
  /** Artwork uploaded for a location (kept by id; a sent quote keeps the upload). */
  artwork?: Partial<Record<DecorationLocation, ArtworkFile>>;
}

/** Bad input of issue 23: 60 lines is too many, 1,000,000 pieces of a size too many. */
export const MAX_LINES = 50;
export const MAX_PIECES_PER_SIZE = 10_000;
export const NOTES_LIMIT = 2_000;

export const field = {
  product: (i: number) => `l${i}.product`,
  colour: (i: number) => `l${i}.colour`,
  quantity: (i: number, size: string) => `l${i}.qty.${size}`,
  /** One choice a location: "screen_print:4", "embroidery:1", "digital_print" or "" for none. */
  decoration: (i: number, location: DecorationLocation) => `l${i}.${location}`,
  /** The id of the artwork uploaded for a location (see artwork.ts). */
  artwork: (i: number, location: DecorationLocation) => `l${i}.${location}.artwork`,
};

/** What a quantity box holds: a whole number of pieces, nothing, or a mistake to point out. */
export function readQuantity(raw: string): { pieces: number; error: string | null } {
  const value = raw.trim();
  if (value === "") return { pieces: 0, error: null };
  if (!/^\d{1,9}$/.test(value)) return { pieces: 0, error: QUANTITY_TEXT.whole };
  const pieces = Number(value);
  if (pieces > MAX_PIECES_PER_SIZE) return { pieces: 0, error: QUANTITY_TEXT.tooMany };
  return { pieces, error: null };
}

export const QUANTITY_TEXT = {
  whole: "Quantities must be whole numbers of pieces, such as 12.",
  tooMany: `At most ${MAX_PIECES_PER_SIZE.toLocaleString("en-US")} pieces of one size; for more, call us.`,
} as const;

type LocationDecoration = Omit<Decoration, "location">;

export function decorationValue(d: LocationDecoration | undefined) {
  if (!d) return "";
  if (d.method === "screen_print") return `screen_print:${d.inkColours ?? 1}`;
  if (d.method === "embroidery") return `embroidery:${d.stitchTier ?? 0}`;
  return d.method;
}

/** The choice a select posted, or null when it is not one (the caller says what is wrong). */
export function parseDecoration(value: string): LocationDecoration | null {
  const m = /^(screen_print|embroidery):(\d)$|^(digital_print)$/.exec(value);
  if (!m) return null;
  if (m[3]) return { method: "digital_print" };
  return m[1] === "screen_print"
    ? { method: "screen_print", inkColours: Number(m[2]) }
    : { method: "embroidery", stitchTier: Number(m[2]) };
}

export function newLine(product: BuilderProduct): DraftLine {
  return {
    product,
    colour: product.colours[0] ?? "",
    quantities: {},
    decorations: { front: { method: "screen_print", inkColours: 1 } },
  };
}

/** Artwork entries as stored: an id and a name; a thumbnail only from the site's own media. */
function storedArtwork(value: unknown): DraftLine["artwork"] {
  if (!value || typeof value !== "object") return {};
  const kept: NonNullable<DraftLine["artwork"]> = {};
  for (const location of DECORATION_LOCATIONS) {
    const a = (value as Record<string, Partial<ArtworkFile> | undefined>)[location];
    if (
      a &&
      typeof a.id === "string" &&
      typeof a.name === "string" &&
      (a.format === "png" || a.format === "jpeg" || a.format === "pdf") &&
      typeof a.bytes === "number"
    ) {
      const thumb = typeof a.thumbnailUrl === "string" && a.thumbnailUrl.startsWith("/media/");
      kept[location] = {
        id: a.id,
        name: a.name,
        format: a.format,
        bytes: a.bytes,
        thumbnailUrl: thumb ? a.thumbnailUrl! : null,
      };
    }
  }
  return kept;
}

/** Reads stored drafts defensively: localStorage is the visitor's to change. */
export function readDrafts(json: string | null): DraftLine[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (l): l is DraftLine =>
          !!l &&
          typeof l === "object" &&
          typeof l.product?.id === "string" &&
          Array.isArray(l.product.sizes) &&
          Array.isArray(l.product.colours) &&
          typeof l.product.costCents === "number" &&
          typeof l.colour === "string" &&
          !!l.quantities &&
          typeof l.quantities === "object" &&
          !!l.decorations &&
          typeof l.decorations === "object",
      )
      .slice(0, MAX_LINES)
      .map((l) => ({ ...l, artwork: storedArtwork(l.artwork) }));
  } catch {
    return [];
  }
}
