import { formatDateTime } from "~/platform/lib/dates";
import { site } from "~/platform/config/site";
import { type EmailContent, renderEmail } from "~/platform/email/layout";

export interface ContactEmailData {
  name: string;
  email: string;
  phone: string;
  message: string;
  /** The page the visitor wrote from, e.g. '/bulk-orders'. */
  sourcePath: string;
  receivedAt: Date;
}

/** To the company inbox; replying answers the visitor directly (reply-to is set by the sender). */
export function contactNotificationEmail(data: ContactEmailData): EmailContent {
  return renderEmail(`New message from ${data.name}`, {
    heading: "A new message from the website",
    paragraphs: [data.message],
    details: [
      ["Name", data.name],
      ["Email", data.email],
      ["Phone", data.phone || "Not given"],
      ["Page", data.sourcePath],
      ["Received", formatDateTime(data.receivedAt)],
    ],
    action: { label: `Reply to ${data.name}`, url: `mailto:${data.email}` },
  });
}

/**
 * To the visitor. It deliberately does not repeat their message: a public form that mails
 * arbitrary text to any address it is given would be a gift to spammers.
 */
export function contactAcknowledgementEmail(data: ContactEmailData): EmailContent {
  return renderEmail(`We received your message | ${site.name}`, {
    heading: `Thanks for reaching out, ${data.name}`,
    paragraphs: [
      "Your message reached our team, and a real person will get back to you shortly, usually within one business day.",
      `If it is urgent, call us at ${site.phone.display}, or book a call at a time that suits you.`,
    ],
    action: { label: "Book a call", url: site.bookingUrl },
  });
}
