/** The Email Outbox screen's words. */
export const outboxMessages = {
  fetch: "Failed to load emails",
  fetchOne: "Failed to load this email",
  resend: "Failed to queue the email again",
  resent: "The email is queued and will be sent again shortly.",
  missing: "This email no longer exists. Reload the page.",
  notFailed: "Only a failed email can be sent again.",
  /** An email the outbox only keeps: without SMTP_URL nothing is ever sent, so it has no next try. */
  stored: "stored, not sent: no SMTP server configured",
} as const;
