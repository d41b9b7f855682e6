import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import { safeRedirectPath } from "~/platform/security/safe-redirect";

/** What a contact submission ends in; also the `?contact=` value a no-JavaScript visitor returns with. */
export const contactOutcomes = [
  "sent",
  "missing",
  "invalid-email",
  "too-long",
  "rate-limited",
  "failed",
] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];

export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The hidden field only bots fill in. Named like a real field so bots take the bait. */
export const HONEYPOT_FIELD = "company_website";

/** Limits that keep one message readable in an inbox; the inputs carry them as maxLength. */
export const CONTACT_LIMITS = { name: 200, email: 254, phone: 40, message: 5000 } as const;

/** Spec public-site §8 and §10 give the texts of sent, missing and failed word for word. */
export const contactMessagesText: Record<
  ContactOutcome,
  { title: string; description: string; tone: "success" | "error" }
> = {
  sent: {
    title: "Message Sent",
    description: "Thank you for reaching out. We'll respond shortly.",
    tone: "success",
  },
  missing: {
    title: "Missing Information",
    description: "Please fill in all required fields before sending.",
    tone: "error",
  },
  "invalid-email": {
    title: "Invalid Email",
    description: "Please enter a valid email address",
    tone: "error",
  },
  "too-long": {
    title: "Message Too Long",
    description: `Please keep your message under ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.`,
    tone: "error",
  },
  "rate-limited": {
    title: "Too Many Messages",
    description: "Too many messages. Please wait a minute and try again.",
    tone: "error",
  },
  failed: {
    title: "Error",
    description: "Failed to send message. Please try again or contact us directly.",
    tone: "error",
  },
};

export interface ContactSubmission {
  outcome: ContactOutcome;
  /** Required fields left empty, so the form can mark them. */
  missing?: ContactField[];
  /** With rate-limited: when the next message will be accepted (the Retry-After header). */
  retryAfterSeconds?: number;
}

/** What the form's action answers: the outcome's message, and the required fields left empty. */
export type ContactAnswer = FormResult<{ outcome: ContactOutcome }>;

export function contactAnswer({ outcome, missing = [] }: ContactSubmission): ContactAnswer {
  const { title, description, tone } = contactMessagesText[outcome];
  if (tone === "success") return succeeded(description, title, { outcome });
  const fieldErrors = missing.length
    ? Object.fromEntries(missing.map((field) => [field, description]))
    : undefined;
  return failed(description, { title, fieldErrors, data: { outcome } });
}

/** The required fields an answer marks as left empty. */
export function missingFields(answer: ContactAnswer | undefined): ContactField[] {
  if (!answer || answer.ok || !answer.fieldErrors) return [];
  return CONTACT_FIELDS.filter((field) => field in answer.fieldErrors!);
}

export function parseContactOutcome(value: string | null): ContactOutcome | null {
  return contactOutcomes.find((outcome) => outcome === value) ?? null;
}

/**
 * The page a no-JavaScript submission returns to: a same-origin path only, so the form can
 * never be used to bounce visitors to another site.
 */
export function safeReturnPath(value: unknown): string {
  const target = safeRedirectPath(value, "/");
  // The section anchor is added on return; a fragment of the visitor's own is dropped.
  const hash = target.indexOf("#");
  return hash === -1 ? target : target.slice(0, hash) || "/";
}

/** Where a no-JavaScript visitor lands after submitting: the same page, at the contact section. */
export function returnLocation(returnPath: string, outcome: ContactOutcome, sectionId: string) {
  const url = new URL(safeReturnPath(returnPath), "http://return.invalid");
  url.searchParams.set("contact", outcome);
  return `${url.pathname}${url.search}#${sectionId}`;
}

/** Set by the enhanced form only: the action then answers with data instead of a redirect. */
export const ENHANCED_FIELD = "enhanced";

/** Where the form posts, so it works from every page that shows the contact section. */
export const CONTACT_ACTION = "/resources/contact";
