import { DECORATION_LOCATIONS, type DecorationLocation } from "./matrix";
import type { Decoration, QuoteLine } from "./pricing";

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
};

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

/** A draft as the pricing reads it: the sizes with pieces, the locations with a method. */
export function toQuoteLine(line: DraftLine): QuoteLine {
  const quantities: Record<string, number> = {};
  for (const size of line.product.sizes) {
    const q = line.quantities[size] ?? 0;
    if (Number.isInteger(q) && q > 0) quantities[size] = q;
  }
  const decorations: Decoration[] = [];
  for (const location of DECORATION_LOCATIONS) {
    const d = line.decorations[location];
    if (d) decorations.push({ location, ...d });
  }
  return {
    product: {
      id: line.product.id,
      category: line.product.category,
      costCents: line.product.costCents,
    },
    colour: line.colour,
    quantities,
    decorations,
  };
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
      .slice(0, MAX_LINES);
  } catch {
    return [];
  }
}
