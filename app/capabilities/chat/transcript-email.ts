import { renderEmail } from "~/platform/email/layout";

/**
 * The chat transcript the team receives when a visitor's conversation is handed over; the chat
 * assistant and the /test-email page send this same template.
 */
export function transcriptEmail({
  customerEmail,
  subject,
  transcript,
}: {
  customerEmail: string;
  subject: string;
  transcript: string;
}) {
  const lines = transcript
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== "");
  return renderEmail(subject.trim() || `Chat transcript from ${customerEmail}`, {
    heading: "A chat conversation needs a follow-up",
    paragraphs: [`Customer: ${customerEmail}`, "Transcript:", ...lines],
    details: [["Reply to", customerEmail]],
  });
}
