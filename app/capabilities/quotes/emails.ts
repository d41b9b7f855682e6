import { type EmailContent, renderEmail } from "~/platform/email/layout";
import { formatCalendarDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { type StoredLine, lineSummary } from "./request";

export interface QuoteEmailData {
  label: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  inHandsDate: string | null;
  lines: StoredLine[];
  totalCents: number;
  quantity: number;
  url: string;
}

function details(data: QuoteEmailData): [string, string][] {
  return [
    ["Quote", data.label],
    ...data.lines.map((line, i): [string, string] => [`Line ${i + 1}`, lineSummary(line)]),
    ["Pieces", String(data.quantity)],
    ["Estimated total", formatUsd(data.totalCents)],
    ["In-hands date", data.inHandsDate ? formatCalendarDate(data.inHandsDate) : "Not given"],
  ];
}

/** To the buyer: what they asked for and the signed link to the quote's page. */
export function quoteRequestedEmail(data: QuoteEmailData): EmailContent {
  return renderEmail(`We received your quote request ${data.label}`, {
    heading: `Thanks, ${data.name}: quote ${data.label} is with our team`,
    paragraphs: [
      "We check your artwork, stock and dates, then send you our final price. The estimate below is what the website calculated from your choices.",
      "Follow your quote, and accept it once we have priced it, on its page:",
    ],
    details: details(data),
    action: { label: `View quote ${data.label}`, url: data.url },
  });
}

/** To the company inbox; replying answers the buyer (reply-to is set by the sender). */
export function quoteNotificationEmail(data: QuoteEmailData): EmailContent {
  return renderEmail(`New quote request ${data.label} from ${data.name}`, {
    heading: `A new quote request: ${data.label}`,
    paragraphs: [],
    details: [
      ["Name", data.name],
      ["Email", data.email],
      ["Company", data.company || "Not given"],
      ["Phone", data.phone || "Not given"],
      ...details(data),
    ],
    action: { label: `Open ${data.label}`, url: data.url },
  });
}

export interface SentQuoteEmailData {
  label: string;
  name: string;
  lines: { label: string; amountCents: number }[];
  totalCents: number;
  depositCents: number;
  buyerNote: string;
  validUntil: string;
  url: string;
}

/** To the buyer when the company sends its final price: the price, the deposit, the link. */
export function quoteSentEmail(data: SentQuoteEmailData): EmailContent {
  return renderEmail(`Your final price for quote ${data.label}`, {
    heading: `${data.name}, your quote ${data.label} is ready`,
    paragraphs: [
      `Our final price is ${formatUsd(data.totalCents, { cents: true })}. To confirm the order, accept the quote on its page and pay the deposit of ${formatUsd(data.depositCents, { cents: true })}; we start production once it is paid.`,
      ...(data.buyerNote ? [`A note from our team: ${data.buyerNote}`] : []),
      `The price holds until ${formatCalendarDate(data.validUntil, { long: true })}. If something is not right, you can decline it on the same page and tell us why.`,
    ],
    details: [
      ["Quote", data.label],
      ...data.lines.map((line): [string, string] => [
        line.label,
        formatUsd(line.amountCents, { cents: true }),
      ]),
      ["Total", formatUsd(data.totalCents, { cents: true })],
      ["Deposit to pay now", formatUsd(data.depositCents, { cents: true })],
      ["Valid until", formatCalendarDate(data.validUntil)],
    ],
    action: { label: `Review and accept ${data.label}`, url: data.url },
  });
}

export interface QuoteOrderEmailData {
  label: string;
  name: string;
  totalCents: number;
  depositCents: number;
  inHandsDate: string | null;
  url: string;
}

/** To the buyer once the deposit is paid: the quote is now an order. */
export function quoteOrderConfirmationEmail(data: QuoteOrderEmailData): EmailContent {
  const balance = data.totalCents - data.depositCents;
  return renderEmail(`Order confirmed: quote ${data.label} is paid`, {
    heading: `Thank you, ${data.name}: your order is confirmed`,
    paragraphs: [
      `We received your deposit of ${formatUsd(data.depositCents, { cents: true })} for quote ${data.label}, and your order is now in our production queue.`,
      balance > 0
        ? `The balance of ${formatUsd(balance, { cents: true })} is due before your order ships; we will send you a request for it.`
        : "Your order is paid in full.",
      "We will be in touch to confirm artwork proofs and the delivery date.",
    ],
    details: [
      ["Order", data.label],
      ["Total", formatUsd(data.totalCents, { cents: true })],
      ["Deposit paid", formatUsd(data.depositCents, { cents: true })],
      ["Balance due", formatUsd(Math.max(0, balance), { cents: true })],
      ["In-hands date", data.inHandsDate ? formatCalendarDate(data.inHandsDate) : "Not given"],
    ],
    action: { label: `View ${data.label}`, url: data.url },
  });
}

/** To the company inbox when a buyer answers a sent quote: declined (with the reason) or paid. */
export function quoteAnsweredNotificationEmail(data: {
  label: string;
  name: string;
  email: string;
  outcome: "declined" | "paid";
  reason?: string;
  depositCents?: number;
  adminUrl: string;
}): EmailContent {
  const declined = data.outcome === "declined";
  return renderEmail(
    declined
      ? `Quote ${data.label} was declined by ${data.name}`
      : `Quote ${data.label} is paid: a new order from ${data.name}`,
    {
      heading: declined ? `${data.label} was declined` : `${data.label} is now an order`,
      paragraphs: declined
        ? [`Their reason: ${data.reason ?? ""}`]
        : [`The deposit of ${formatUsd(data.depositCents ?? 0, { cents: true })} is paid.`],
      details: [
        ["Name", data.name],
        ["Email", data.email],
      ],
      action: { label: `Open ${data.label}`, url: data.adminUrl },
    },
  );
}
