import { businessCalendarDay } from "~/platform/lib/dates";
import { roundDiv } from "./pricing";
export { MAX_REASON_LENGTH } from "./request";

// The company's final price for a quote (issue 23, "For the company"): the website's price per
// line, adjusted by the company, plus lines it adds (a rush fee), a deposit and a last day.
// Pure: the admin screen, the buyer's page and the server share these rules.

export interface FinalLine {
  /** What the buyer reads: the requested line in words, or the company's own label. */
  label: string;
  amountCents: number;
  /** The requested line this prices (0-based), or null for a line the company added. */
  lineIndex: number | null;
}

export interface FinalPrice {
  lines: FinalLine[];
  totalCents: number;
  depositPercent: number;
  depositCents: number;
  buyerNote: string;
  validUntil: string;
}

/** Used when the price matrix has no deposit percentage of its own (docs/quotes.md). */
export const DEFAULT_DEPOSIT_PERCENT = 50;
/** A quote is valid this long unless the company says otherwise. */
export const DEFAULT_VALID_DAYS = 30;
export const MAX_VALID_DAYS = 365;
export const MAX_EXTRA_LINES = 20;
export const MAX_LABEL_LENGTH = 200;
export const MAX_BUYER_NOTE_LENGTH = 2_000;
/** $1,000,000: far above any bulk order, low enough to stay clear of integer overflow. */
export const MAX_LINE_CENTS = 100_000_000;

export function totalOf(lines: Pick<FinalLine, "amountCents">[]) {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}

/** The deposit in cents: the percentage of the total, rounded half up to the cent. */
export function depositOf(totalCents: number, percent: number) {
  return roundDiv(totalCents * percent, 100);
}

/** "125.00" → 12500; "$1,250.5" → 125050; "-20" → -2000 when negatives are allowed; else null. */
export function parseDollars(input: string, options: { negative?: boolean } = {}) {
  const text = input.trim().replace(/^\$/, "").replace(/,/g, "");
  const m = /^(-)?\$?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m || (m[1] && !options.negative)) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  if (cents > MAX_LINE_CENTS) return null;
  return m[1] ? -cents : cents;
}

/** Today as a calendar day (YYYY-MM-DD) in the business's time zone. */
export function businessToday(now = new Date()) {
  return businessCalendarDay(now);
}

/** `day` plus `days` calendar days, as YYYY-MM-DD. */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/** A sent quote may be accepted up to and including its valid-until day. */
export function isPastValidUntil(validUntil: string | null, today: string) {
  return validUntil !== null && validUntil < today;
}

/** Where a quote stands, as the admin list and filter name it. */
export const QUOTE_STATUS_LABELS = {
  requested: "Requested",
  priced: "Priced",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  paid: "Paid",
} as const;

export type QuoteStatus = keyof typeof QUOTE_STATUS_LABELS;
export const QUOTE_STATUS_LIST = Object.keys(QUOTE_STATUS_LABELS) as QuoteStatus[];

/** The company may price (and price again) until the buyer has accepted. */
export function isPriceEditable(status: QuoteStatus) {
  return status !== "accepted" && status !== "paid";
}
