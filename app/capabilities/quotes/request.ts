import { LOCATION_LABELS, METHOD_LABELS } from "./matrix";
import type { Decoration } from "./pricing";

// A quote request as it is stored and shown back: the product as it was when asked for.

export interface StoredLine {
  product: {
    id: string;
    name: string;
    brand: string;
    styleNumber: string;
    category: string;
    costCents: number;
  };
  colour: string;
  quantities: Record<string, number>;
  decorations: (Decoration & { stitchLabel?: string })[];
}

export const REQUEST_FIELDS = [
  "name",
  "email",
  "company",
  "phone",
  "inHandsDate",
  "notes",
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];
/** The requester's details as typed (trimmed). */
export type RequestContact = Record<RequestField, string>;

/** The longest reason a buyer may give for declining a quote. */
export const MAX_REASON_LENGTH = 1_000;

/** The hidden field only bots fill in. */
export const QUOTE_HONEYPOT = "website";

export const REQUEST_LIMITS: Record<RequestField, number> = {
  name: 200,
  email: 254,
  company: 200,
  phone: 40,
  inHandsDate: 10,
  notes: 2_000,
};

export type QuoteRequestResult =
  | { outcome: "sent"; path: string }
  | { outcome: "invalid"; errors: string[] }
  | { outcome: "rate-limited"; errors: string[]; retryAfterSeconds: number }
  | { outcome: "failed"; errors: string[] };

/** One line in words: "Gildan 5000 Heavy Cotton Tee, Navy (M 10, L 14) · Front: Screen print, 2 colours". */
export function lineSummary(line: StoredLine) {
  const sizes = Object.entries(line.quantities)
    .map(([size, q]) => `${size} ${q}`)
    .join(", ");
  const decoration = line.decorations
    .map((d) => {
      const detail =
        d.method === "screen_print"
          ? `, ${d.inkColours} ${d.inkColours === 1 ? "colour" : "colours"}`
          : d.method === "embroidery" && d.stitchLabel
            ? `, ${d.stitchLabel.toLowerCase()}`
            : "";
      return `${LOCATION_LABELS[d.location]}: ${METHOD_LABELS[d.method]}${detail}`;
    })
    .join("; ");
  return `${line.product.brand} ${line.product.styleNumber} ${line.product.name}, ${line.colour} (${sizes})${decoration ? ` · ${decoration}` : ""}`;
}
