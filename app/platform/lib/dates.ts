/**
 * Dates, for people to read. Two kinds exist:
 * - instants (created_at, sent_at, ...) are shown in the business's time zone, the same on the
 *   server and in the browser, so a page never hydrates with a different time than it rendered;
 * - calendar dates (a coupon's expiry, a document's "last updated") are stored as a UTC day and
 *   shown as that day, whatever the viewer's zone.
 * Never format with the runtime's own zone (toLocaleString without timeZone).
 */
export const BUSINESS_TIME_ZONE = "America/New_York";

type DateInput = Date | string;

/** "Nov 23, 2026" in the business's time zone. */
export function formatDate(value: DateInput) {
  return new Date(value).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: BUSINESS_TIME_ZONE,
  });
}

/** "Nov 23, 2026, 2:33 PM" (with seconds: "2:33:07 PM") in the business's time zone. */
export function formatDateTime(value: DateInput, options: { seconds?: boolean } = {}) {
  return new Date(value).toLocaleString("en-US", {
    dateStyle: "medium",
    timeStyle: options.seconds ? "medium" : "short",
    timeZone: BUSINESS_TIME_ZONE,
  });
}

/** A calendar date: "Nov 23, 2026" (or "November 23, 2026" when long) for a UTC day. */
export function formatCalendarDate(value: DateInput, options: { long?: boolean } = {}) {
  const date =
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T12:00:00Z`)
      : new Date(value);
  return date.toLocaleDateString("en-US", {
    year: "numeric",
    month: options.long ? "long" : "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** A calendar date as a date input's value, "2026-11-23". */
export function calendarDateInput(value: DateInput) {
  return new Date(value).toISOString().slice(0, 10);
}

/** Spec §8 (chat): "Nov 23, 2026, 14:05", 24-hour, in the business's time zone. */
export function formatDateTime24(value: DateInput) {
  return new Date(value).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: BUSINESS_TIME_ZONE,
  });
}

/** A chat message's time: "14:05" in the business's time zone. */
export function formatTime24(value: DateInput) {
  return new Date(value).toLocaleTimeString("en-US", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: BUSINESS_TIME_ZONE,
  });
}
