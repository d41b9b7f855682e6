import { and, inArray, isNull } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { site } from "~/platform/config/site";
import { products, quotes } from "~/platform/db/schema/index";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import {
  type BuilderProduct,
  MAX_LINES,
  MAX_PIECES_PER_SIZE,
  type DraftLine,
  QUANTITY_TEXT,
  field,
  parseDecoration,
} from "./builder";
import { type QuoteEmailData, quoteNotificationEmail, quoteRequestedEmail } from "./emails";
import { artworkUploads, attachArtwork } from "./artwork.server";
import {
  DECORATION_LOCATIONS,
  type DecorationLocation,
  LOCATION_LABELS,
  MAX_INK_COLOURS,
  type PriceMatrix,
} from "./matrix";
import { loadPriceMatrix } from "./matrix.server";
import { type QuoteLine, priceQuote } from "./pricing";
import { quoteLabel, quotePath } from "./quote-link.server";
import {
  QUOTE_HONEYPOT,
  type QuoteRequestResult,
  REQUEST_FIELDS,
  REQUEST_LIMITS,
  type RequestContact,
  type StoredLine,
} from "./request";

/** Strict for a public form that sends email; kept in the database across instances. */
export const QUOTE_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const email = z.email();

export const REQUEST_TEXT = {
  noLines: "Add at least one product to your quote.",
  tooManyLines: `A quote can hold at most ${MAX_LINES} lines. Send the rest as a second quote.`,
  quantity: QUANTITY_TEXT.whole,
  tooMany: QUANTITY_TEXT.tooMany,
  name: "Please enter your name.",
  email: "Please enter a valid email address.",
  tooLong: "Please keep each field shorter.",
  inHandsDate: "Please give the in-hands date as a day from today on.",
  rateLimited: "Too many quote requests. Please wait a few minutes and try again.",
  failed: `Your quote could not be sent. Please try again, or call us at ${site.phone.display}.`,
} as const;

type Fields = Record<string, FormDataEntryValue>;
const text = (fields: Fields, name: string) => {
  const v = fields[name];
  return typeof v === "string" ? v.trim() : "";
};

/** The line numbers a form carries (fields named l<n>.…), in order. */
function lineIndexes(fields: Fields) {
  const seen = new Set<number>();
  for (const key of Object.keys(fields)) {
    const m = /^l(\d{1,4})\./.exec(key);
    if (m) seen.add(Number(m[1]));
  }
  return [...seen].sort((a, b) => a - b);
}

function builderProduct(row: typeof products.$inferSelect): BuilderProduct {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    styleNumber: row.styleNumber,
    category: row.category,
    costCents: row.priceCents,
    sizes: row.sizes,
    colours: row.colors,
  };
}

/** Products on sale by id, for the builder and the checks; removed ones are simply absent. */
export async function productsOnSale(context: Pick<AppLoadContext, "db">, ids: string[]) {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (!valid.length) return new Map<string, BuilderProduct>();
  const rows = await context.db
    .select()
    .from(products)
    .where(and(inArray(products.id, valid), isNull(products.discontinuedAt)));
  return new Map(rows.map((r) => [r.id, builderProduct(r)]));
}

interface CheckedLines {
  errors: string[];
  /** What could be read back, for the builder to show again without JavaScript. */
  drafts: DraftLine[];
  lines: QuoteLine[];
  stored: StoredLine[];
  /** Artwork to attach, by the line's position in `stored`. */
  artwork: Array<{ lineIndex: number; location: DecorationLocation; uploadId: string }>;
}

/**
 * Reads the posted lines against the catalogue and the matrix. Prices are never read from the
 * form: whatever price a tampered form carries, the server computes its own.
 */
export async function checkLines(
  context: Pick<AppLoadContext, "db">,
  fields: Fields,
  matrix: PriceMatrix,
): Promise<CheckedLines> {
  const indexes = lineIndexes(fields);
  const result: CheckedLines = { errors: [], drafts: [], lines: [], stored: [], artwork: [] };
  if (!indexes.length) return { ...result, errors: [REQUEST_TEXT.noLines] };
  if (indexes.length > MAX_LINES) return { ...result, errors: [REQUEST_TEXT.tooManyLines] };
  const catalogue = await productsOnSale(
    context,
    indexes.map((i) => text(fields, field.product(i))),
  );
  const uploaded = await artworkUploads(
    context.db,
    Object.keys(fields)
      .filter((key) => key.endsWith(".artwork"))
      .map((key) => text(fields, key))
      .filter((id) => UUID.test(id)),
  );
  const errors = new Set<string>();
  indexes.forEach((i, n) => {
    const at = `Line ${n + 1}`;
    const product = catalogue.get(text(fields, field.product(i)));
    if (!product) {
      errors.add(`${at}: this product is no longer in our catalogue. Please remove the line.`);
      return;
    }
    const colour = text(fields, field.colour(i));
    if (!product.colours.includes(colour)) {
      errors.add(
        `${at}: ${product.name} does not come in ${colour ? `"${colour}"` : "that colour"}. Choose one of its colours.`,
      );
    }
    const quantities: Record<string, number> = {};
    const sizePrefix = `l${i}.qty.`;
    for (const key of Object.keys(fields)) {
      if (!key.startsWith(sizePrefix)) continue;
      const size = key.slice(sizePrefix.length);
      const raw = text(fields, key);
      if (raw === "") continue;
      if (!product.sizes.includes(size)) {
        errors.add(`${at}: ${product.name} has no size "${size}".`);
        continue;
      }
      if (!/^\d{1,9}$/.test(raw)) {
        errors.add(REQUEST_TEXT.quantity);
        continue;
      }
      const q = Number(raw);
      if (q > MAX_PIECES_PER_SIZE) errors.add(REQUEST_TEXT.tooMany);
      else if (q > 0) quantities[size] = q;
    }
    const decorations: DraftLine["decorations"] = {};
    const storedDecorations: StoredLine["decorations"] = [];
    const artwork: NonNullable<DraftLine["artwork"]> = {};
    for (const location of DECORATION_LOCATIONS) {
      const value = text(fields, field.decoration(i, location));
      const where = LOCATION_LABELS[location].toLowerCase();
      const artworkId = text(fields, field.artwork(i, location));
      if (artworkId) {
        const file = uploaded.get(artworkId);
        if (!file) {
          errors.add(
            `${at}: the artwork for the ${where} is no longer available. Please upload it again.`,
          );
        } else if (!value) {
          errors.add(`${at}: choose a decoration for the ${where}, or remove its artwork.`);
        } else {
          artwork[location] = file;
          result.artwork.push({ lineIndex: n, location, uploadId: file.id });
        }
      }
      if (!value) continue;
      const d = parseDecoration(value);
      if (
        !d ||
        (d.method === "screen_print" && (d.inkColours! < 1 || d.inkColours! > MAX_INK_COLOURS))
      ) {
        errors.add(
          `${at}: choose a decoration for the ${where} from the list (screen print takes 1 to ${MAX_INK_COLOURS} ink colours).`,
        );
        continue;
      }
      const stitch =
        d.method === "embroidery" ? matrix.embroidery.stitchTiers[d.stitchTier!] : null;
      if (d.method === "embroidery" && !stitch) {
        errors.add(`${at}: choose one of the stitch counts for the embroidery on the ${where}.`);
        continue;
      }
      decorations[location] = d;
      storedDecorations.push({ location, ...d, ...(stitch ? { stitchLabel: stitch.label } : {}) });
    }
    const draft: DraftLine = { product, colour, quantities, decorations, artwork };
    result.drafts.push(draft);
    if (!Object.keys(quantities).length) {
      errors.add(`${at}: enter the number of pieces for at least one size.`);
    }
    result.lines.push({
      product: { id: product.id, category: product.category, costCents: product.costCents },
      colour,
      quantities,
      decorations: storedDecorations.map(({ stitchLabel: _, ...d }) => d),
    });
    result.stored.push({
      product: {
        id: product.id,
        name: product.name,
        brand: product.brand,
        styleNumber: product.styleNumber,
        category: product.category,
        costCents: product.costCents,
      },
      colour,
      quantities,
      decorations: storedDecorations,
    });
  });
  return { ...result, errors: [...errors] };
}

export function readContact(fields: Fields): RequestContact {
  return Object.fromEntries(REQUEST_FIELDS.map((f) => [f, text(fields, f)])) as RequestContact;
}

function checkContact(contact: RequestContact, today: string) {
  const errors: string[] = [];
  if (!contact.name) errors.push(REQUEST_TEXT.name);
  if (!email.safeParse(contact.email).success) errors.push(REQUEST_TEXT.email);
  if (REQUEST_FIELDS.some((f) => contact[f].length > REQUEST_LIMITS[f])) {
    errors.push(REQUEST_TEXT.tooLong);
  }
  if (contact.inHandsDate) {
    const d = /^\d{4}-\d{2}-\d{2}$/.test(contact.inHandsDate)
      ? new Date(`${contact.inHandsDate}T00:00:00Z`)
      : null;
    const real = d && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(contact.inHandsDate);
    if (!real || contact.inHandsDate < today) errors.push(REQUEST_TEXT.inHandsDate);
  }
  return errors;
}

/**
 * A quote request: turn bots and floods away, check every line against the catalogue, price it
 * with the stored matrix, then store it and queue its two emails in one transaction.
 */
export async function submitQuoteRequest(
  context: AppLoadContext,
  fields: Fields,
): Promise<QuoteRequestResult & { drafts?: DraftLine[]; contact?: RequestContact }> {
  const { db, env, clientIp, logger } = context;
  const mail = context.services.email;
  const limit = await hitRateLimit(db, `quote:${clientIp}`, QUOTE_RATE_LIMIT);
  if (!limit.allowed) {
    return {
      outcome: "rate-limited",
      errors: [REQUEST_TEXT.rateLimited],
      retryAfterSeconds: limit.retryAfterSeconds,
      contact: readContact(fields),
    };
  }
  // Only a bot fills the hidden field; it is told "sent" so it has no reason to try again.
  if (text(fields, QUOTE_HONEYPOT)) return { outcome: "sent", path: "/quote?sent=1" };

  const matrix = await loadPriceMatrix(db);
  const checked = await checkLines(context, fields, matrix);
  const contact = readContact(fields);
  const errors = [
    ...checked.errors,
    ...checkContact(contact, new Date().toISOString().slice(0, 10)),
  ];
  const price = priceQuote(matrix, checked.lines);
  if (!errors.length) errors.push(...price.minimums.map((m) => m.message));
  // The lines and the details come back as typed, so nothing is typed twice (also without JavaScript).
  if (errors.length) return { outcome: "invalid", errors, drafts: checked.drafts, contact };

  let path: string;
  // The requester as the quote row and its emails keep them: optional fields empty are null.
  const who = {
    name: contact.name,
    email: contact.email,
    company: contact.company || null,
    phone: contact.phone || null,
    inHandsDate: contact.inHandsDate || null,
  };
  try {
    path = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(quotes)
        .values({
          ...who,
          notes: contact.notes,
          lines: checked.stored,
          price,
          computedTotalCents: price.totalCents,
          ipAddress: clientIp,
        })
        .returning({ id: quotes.id, number: quotes.number });
      const quote = row!;
      await attachArtwork(tx, quote.id, checked.artwork);
      const quotePagePath = quotePath(quote, env.AUTH_SECRET);
      const data: QuoteEmailData = {
        label: quoteLabel(quote.number),
        ...who,
        lines: checked.stored,
        totalCents: price.totalCents,
        quantity: price.quantity,
        url: env.PUBLIC_URL + quotePagePath,
      };
      await mail.queue(
        {
          kind: "quote-requested",
          to: contact.email,
          dedupeKey: `quote-requested:${quote.id}`,
          ...quoteRequestedEmail(data),
        },
        { tx },
      );
      await mail.queue(
        {
          kind: "quote-notification",
          to: env.COMPANY_INBOX ?? site.email,
          replyTo: contact.email,
          dedupeKey: `quote-notification:${quote.id}`,
          ...quoteNotificationEmail(data),
        },
        { tx },
      );
      return quotePagePath;
    });
  } catch (error) {
    logger.error({ err: error }, "quote request could not be stored");
    return { outcome: "failed", errors: [REQUEST_TEXT.failed], drafts: checked.drafts, contact };
  }
  mail.deliverSoon();
  return { outcome: "sent", path: `${path}&sent=1` };
}
