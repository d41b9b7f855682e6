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
