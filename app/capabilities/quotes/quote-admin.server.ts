import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { type SQL, and, desc, eq, getTableColumns, lt, or, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import {
  type FormResult,
  type ListQuery,
  attempt,
  failed,
  formIntent,
  listPage,
  listQueryOf,
  matchingAny,
  parseIntent,
  statusOf,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import type { Database } from "~/platform/db/client.server";
import { QUOTE_STATUSES, quoteOrders, quotePayments, quotes } from "~/platform/db/schema/index";
import { neutraliseFormula } from "~/platform/lib/csv";
import { centsToDecimal } from "~/platform/lib/money";
import { quoteArtworkFiles } from "./artwork.server";
import { quoteSentEmail } from "./emails";
import {
  DEFAULT_DEPOSIT_PERCENT,
  DEFAULT_VALID_DAYS,
  type FinalLine,
  MAX_BUYER_NOTE_LENGTH,
  MAX_EXTRA_LINES,
  MAX_LABEL_LENGTH,
  MAX_VALID_DAYS,
  type QuoteStatus,
  addDays,
  businessToday,
  depositOf,
  isCalendarDay,
  isPriceEditable,
  parseDollars,
  totalOf,
} from "./final-price";
import { loadPriceMatrix } from "./matrix.server";
import type { QuotePrice } from "./pricing";
import { quoteLabel, quotePath } from "./quote-link.server";
import { type StoredLine, lineSummary } from "./request";

export const quoteAdminMessages = {
  fetch: "Failed to load quotes",
  missing: "This quote no longer exists.",
  saved: "Quote price saved. Send it when it is ready for the buyer.",
  sent: "Quote sent to the buyer with the link to accept it.",
  failed: "Failed to save the quote. Please try again.",
  locked:
    "This quote has been accepted by the buyer, so its price can no longer change. Contact the buyer to change the order.",
  lineAmount: "Enter an amount in dollars, such as 125.00.",
  extraAmount: "Enter an amount in dollars, such as 75.00 (a discount may be negative).",
  extraLabel: "Name the added line, such as Rush fee.",
  labelTooLong: `Keep the line's name under ${MAX_LABEL_LENGTH} characters.`,
  tooManyExtras: `A quote can have at most ${MAX_EXTRA_LINES} added lines.`,
  totalNegative: "The total cannot be below $0.00.",
  depositPercent: "Enter the deposit as a whole percentage from 1 to 100.",
  depositTooSmall: "The deposit must be at least $0.50. Raise the total or the deposit percentage.",
  validUntil: `Choose a valid-until day from today up to ${MAX_VALID_DAYS} days ahead.`,
  noteTooLong: `Keep the note to the buyer under ${MAX_BUYER_NOTE_LENGTH.toLocaleString("en-US")} characters.`,
} as const;
const m = quoteAdminMessages;

/** Stripe's smallest charge in US dollars. */
const MIN_DEPOSIT_CENTS = 50;

export type QuoteFilter = Partial<ListQuery> & { status?: string; pageSize?: number };

function statusIs(status: string | undefined) {
  return QUOTE_STATUSES.includes(status as QuoteStatus)
    ? eq(quotes.status, status as QuoteStatus)
    : undefined;
}

/** "Q-1001", "q1001" or "1001" finds the quote by number; anything else searches the requester. */
function quoteSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const number = /^q?-?\s*(\d{1,9})$/i.exec(q.trim());
  const people = matchingAny(q, [quotes.name, quotes.email, quotes.company]);
  return number ? or(eq(quotes.number, Number(number[1])), people) : people;
}

const LIST_COLUMNS = {
  id: quotes.id,
  number: quotes.number,
  status: quotes.status,
  name: quotes.name,
  email: quotes.email,
  company: quotes.company,
  computedTotalCents: quotes.computedTotalCents,
  finalTotalCents: quotes.finalTotalCents,
  validUntil: quotes.validUntil,
  createdAt: quotes.createdAt,
};

export type QuoteListRow = {
  [K in keyof typeof LIST_COLUMNS]: (typeof quotes.$inferSelect)[K];
};

/** Every quote, newest first, searched and paged in the database. */
export function listQuotes(db: Database, filter: QuoteFilter = {}) {
  return listPage<typeof quotes, QuoteListRow>(db, {
    table: quotes,
    searchIn: [quotes.name, quotes.email, quotes.company],
    search: quoteSearch,
    columns: LIST_COLUMNS,
    orderBy: [desc(quotes.createdAt), desc(quotes.id)],
    where: statusIs(filter.status),
    query: filter,
    pageSize: filter.pageSize,
  });
}

/** The Quotes screen's list: `?q=&status=&page=` from the URL. */
export async function loadQuotesPage(db: Database, url: URL) {
  const status = statusOf(url, QUOTE_STATUSES);
  const page = await listQuotes(db, { ...listQueryOf(url), status });
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, label: quoteLabel(row.number) })),
    status,
  };
}

export const QUOTES_CSV_COLUMNS = [
  "Quote",
  "Requested",
  "Status",
  "Name",
  "Email",
  "Company",
  "Phone",
  "In-hands date",
  "Pieces",
  "Website price",
  "Final price",
  "Deposit",
  "Valid until",
  "Sent",
  "Paid",
] as const;

const EXPORT_BATCH = 500;

/** The matching quotes as CSV (csv-stringify), newest first, read in batches. */
export function quotesCsv(db: Database, filter: QuoteFilter = {}): ReadableStream<Uint8Array> {
  const where = and(statusIs(filter.status), quoteSearch(filter.q));
  async function* records() {
    let cursor: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await db
        .select()
        .from(quotes)
        .where(
          and(
            where,
            cursor
              ? or(
                  lt(quotes.createdAt, cursor.createdAt),
                  and(eq(quotes.createdAt, cursor.createdAt), lt(quotes.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(EXPORT_BATCH);
      for (const q of rows) {
        yield [
          quoteLabel(q.number),
          q.createdAt.toISOString(),
          q.status,
          q.name,
          q.email,
          q.company ?? "",
          q.phone ?? "",
          q.inHandsDate ?? "",
          String((q.price as QuotePrice).quantity),
          centsToDecimal(q.computedTotalCents),
          q.finalTotalCents === null ? "" : centsToDecimal(q.finalTotalCents),
          q.depositCents === null ? "" : centsToDecimal(q.depositCents),
          q.validUntil ?? "",
          q.sentAt?.toISOString() ?? "",
          q.paidAt?.toISOString() ?? "",
        ].map(neutraliseFormula);
      }
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      cursor = { createdAt: last.createdAt, id: last.id };
    }
  }
  const csv = Readable.from(records()).pipe(
    stringify({ header: true, columns: [...QUOTES_CSV_COLUMNS], bom: true }),
  );
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>;
}

/** One quote as the admin's quote screen shows and edits it. */
export async function loadQuoteEditor(context: Pick<AppLoadContext, "db" | "env">, id: string) {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await context.db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) return null;
  const matrix = await loadPriceMatrix(context.db);
  const lines = row.lines as StoredLine[];
  const price = row.price as QuotePrice;
  const stored = (row.finalLines as FinalLine[] | null) ?? null;
  const priced = (i: number) =>
    stored?.find((l) => l.lineIndex === i)?.amountCents ?? price.lines[i]?.totalCents ?? 0;
  const [artwork, payments, [order]] = await Promise.all([
    quoteArtworkFiles(context.db, id),
    context.db
      .select()
      .from(quotePayments)
      .where(eq(quotePayments.quoteId, id))
      .orderBy(desc(quotePayments.createdAt)),
    context.db.select().from(quoteOrders).where(eq(quoteOrders.quoteId, id)),
  ]);
  return {
    id: row.id,
    label: quoteLabel(row.number),
    status: row.status,
    editable: isPriceEditable(row.status),
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    inHandsDate: row.inHandsDate,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    price,
    lines: lines.map((line, i) => ({
      summary: lineSummary(line),
      computedCents: price.lines[i]?.totalCents ?? 0,
      amountCents: priced(i),
      artwork: artwork.filter((a) => a.lineIndex === i),
    })),
    extras: (stored ?? []).filter((l) => l.lineIndex === null),
    finalTotalCents: row.finalTotalCents,
    depositPercent: row.depositPercent ?? matrix.depositPercent ?? DEFAULT_DEPOSIT_PERCENT,
    depositCents: row.depositCents,
    buyerNote: row.buyerNote,
    validUntil: row.validUntil ?? addDays(businessToday(), DEFAULT_VALID_DAYS),
    today: businessToday(),
    link: context.env.PUBLIC_URL + quotePath(row, context.env.AUTH_SECRET),
    payments: payments.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      provider: p.provider,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
    })),
    order: order ? { id: order.id, createdAt: order.createdAt.toISOString() } : null,
  };
}

export type QuoteEditorData = NonNullable<Awaited<ReturnType<typeof loadQuoteEditor>>>;

type Fields = Record<string, unknown>;
const text = (fields: Fields, name: string) => {
  const v = fields[name];
  return typeof v === "string" ? v.trim() : "";
};

export interface PriceInput {
  lines: FinalLine[];
  depositPercent: number;
  buyerNote: string;
  validUntil: string;
}

/**
 * Reads the admin's price form: one amount per requested line (`line.<i>`), the added lines
 * (`extra.<n>.label` / `extra.<n>.amount`, blank ones skipped), the deposit percentage, the note
 * and the valid-until day. Every field's message, or the price.
 */
export function readPriceForm(
  fields: Fields,
  requested: StoredLine[],
  today: string,
): { ok: true; price: PriceInput } | { ok: false; fieldErrors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const lines: FinalLine[] = requested.map((line, i) => {
    const cents = parseDollars(text(fields, `line.${i}`));
    if (cents === null) errors[`line.${i}`] = m.lineAmount;
    return { label: lineSummary(line), amountCents: cents ?? 0, lineIndex: i };
  });
  const extraIndexes = [
    ...new Set(
      Object.keys(fields)
        .map((key) => /^extra\.(\d{1,3})\.(label|amount)$/.exec(key)?.[1])
        .filter((n): n is string => n !== undefined)
        .map(Number),
    ),
  ].sort((a, b) => a - b);
  let extras = 0;
  for (const n of extraIndexes) {
    const label = text(fields, `extra.${n}.label`);
    const amount = text(fields, `extra.${n}.amount`);
    if (!label && !amount) continue;
    extras += 1;
    if (!label) errors[`extra.${n}.label`] = m.extraLabel;
    else if (label.length > MAX_LABEL_LENGTH) errors[`extra.${n}.label`] = m.labelTooLong;
    const cents = parseDollars(amount, { negative: true });
    if (cents === null) errors[`extra.${n}.amount`] = m.extraAmount;
    lines.push({ label, amountCents: cents ?? 0, lineIndex: null });
  }
  if (extras > MAX_EXTRA_LINES) errors.form = m.tooManyExtras;
  const percentText = text(fields, "depositPercent");
  const depositPercent = /^\d{1,3}$/.test(percentText) ? Number(percentText) : NaN;
  if (!(depositPercent >= 1 && depositPercent <= 100)) errors.depositPercent = m.depositPercent;
  const validUntil = text(fields, "validUntil");
  if (
    !isCalendarDay(validUntil) ||
    validUntil < today ||
    validUntil > addDays(today, MAX_VALID_DAYS)
  ) {
    errors.validUntil = m.validUntil;
  }
  const buyerNote = text(fields, "buyerNote");
  if (buyerNote.length > MAX_BUYER_NOTE_LENGTH) errors.buyerNote = m.noteTooLong;
  if (!Object.keys(errors).length) {
    const total = totalOf(lines);
    if (total < 0) errors.form = m.totalNegative;
    else if (depositOf(total, depositPercent) < MIN_DEPOSIT_CENTS) {
      errors.depositPercent = m.depositTooSmall;
    }
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  return { ok: true, price: { lines, depositPercent, buyerNote, validUntil } };
}

class QuoteLockedError extends Error {}
class QuoteMissingError extends Error {}

const intents = z.discriminatedUnion("intent", [formIntent("save"), formIntent("send")]);

/**
 * Saves the company's price for a quote ("save": status priced) or saves and sends it ("send":
 * status sent, the buyer emailed the signed link). A saved change to a sent quote takes it back
 * to priced, so a buyer never accepts a price they were not sent. Audited with before and after.
 */
export async function quoteAdminAction(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env" | "services" | "logger">,
  admin: Actor,
  id: string,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (!z.uuid().safeParse(id).success) return failed(m.missing);
  const [current] = await context.db
    .select({ lines: quotes.lines })
    .from(quotes)
    .where(eq(quotes.id, id));
  if (!current) return failed(m.missing);
  const today = businessToday();
  const form = readPriceForm(input, current.lines as StoredLine[], today);
  if (!form.ok) {
    const first = form.fieldErrors.form ?? Object.values(form.fieldErrors)[0]!;
    return failed(first, { fieldErrors: form.fieldErrors });
  }
  const send = input.intent === "send";
  const { lines, depositPercent, buyerNote, validUntil } = form.price;
  const totalCents = totalOf(lines);
  const depositCents = depositOf(totalCents, depositPercent);
  return attempt(
    context.logger,
    "quote pricing",
    m.failed,
    async () => {
      await context.db.transaction(async (tx) => {
        const [before] = await tx.select().from(quotes).where(eq(quotes.id, id)).for("update");
        if (!before) throw new QuoteMissingError();
        if (!isPriceEditable(before.status)) throw new QuoteLockedError();
        const now = new Date();
        const change = {
          finalLines: lines,
          finalTotalCents: totalCents,
          depositPercent,
          depositCents,
          buyerNote,
          validUntil,
          status: (send ? "sent" : "priced") as QuoteStatus,
          ...(send && { sentAt: now, declinedAt: null, declineReason: null }),
        };
        await tx.update(quotes).set(change).where(eq(quotes.id, id));
        const audited = (row: Partial<typeof before>) => ({
          status: row.status,
          finalLines: row.finalLines,
          finalTotalCents: row.finalTotalCents,
          depositPercent: row.depositPercent,
          depositCents: row.depositCents,
          buyerNote: row.buyerNote,
          validUntil: row.validUntil,
        });
        await recordAudit(tx, admin, {
          action: send ? "send" : "price",
          entityType: "quote",
          entityId: id,
          before: audited(before),
          after: audited(change),
        });
        if (send) {
          const label = quoteLabel(before.number);
          await context.services.email.queue(
            {
              kind: "quote-sent",
              to: before.email,
              // Each sending is its own email: a price sent again after a change reaches the buyer.
              dedupeKey: `quote-sent:${id}:${now.toISOString()}`,
              ...quoteSentEmail({
                label,
                name: before.name,
                lines,
                totalCents,
                depositCents,
                buyerNote,
                validUntil,
                url: context.env.PUBLIC_URL + quotePath(before, context.env.AUTH_SECRET),
              }),
            },
            { tx },
          );
        }
      });
      if (send) context.services.email.deliverSoon();
      return succeeded(send ? m.sent : m.saved);
    },
    (error) => {
      if (error instanceof QuoteLockedError) return failed(m.locked);
      if (error instanceof QuoteMissingError) return failed(m.missing);
      return undefined;
    },
  );
}

/** Paid quotes as orders, newest first, for the Orders screen (`?q=` matches name, email, company, number). */
export function listQuoteOrders(db: Database, filter: Partial<ListQuery> & { pageSize?: number }) {
  const q = filter.q ?? "";
  const number = /^q?-?\s*(\d{1,9})$/i.exec(q.trim());
  const people = matchingAny(q, [
    quoteOrders.customerName,
    quoteOrders.customerEmail,
    quoteOrders.company,
  ]);
  return listPage<
    typeof quoteOrders,
    typeof quoteOrders.$inferSelect & { number: number; quoteStatus: QuoteStatus }
  >(db, {
    table: quoteOrders,
    searchIn: [],
    search: () =>
      number
        ? or(
            sql`${quoteOrders.quoteId} in (select id from quotes where number = ${Number(number[1])})`,
            people,
          )
        : people,
    columns: {
      ...getTableColumns(quoteOrders),
      number: sql<number>`(select number from quotes where quotes.id = ${quoteOrders.quoteId})`.as(
        "number",
      ),
      quoteStatus:
        sql<QuoteStatus>`(select status from quotes where quotes.id = ${quoteOrders.quoteId})`.as(
          "quote_status",
        ),
    } as never,
    orderBy: [desc(quoteOrders.createdAt), desc(quoteOrders.id)],
    query: filter,
    pageSize: filter.pageSize,
  });
}

/** The Orders screen's bulk orders: `?q=&page=` from the URL, newest first. */
export async function loadQuoteOrdersPage(db: Database, url: URL) {
  const page = await listQuoteOrders(db, listQueryOf(url));
  return {
    ...page,
    rows: page.rows.map((row) => ({
      id: row.id,
      quoteId: row.quoteId,
      label: quoteLabel(row.number),
      customerName: row.customerName,
      customerEmail: row.customerEmail,
      company: row.company,
      totalCents: row.totalCents,
      depositPaidCents: row.depositPaidCents,
      createdAt: row.createdAt,
    })),
  };
}
