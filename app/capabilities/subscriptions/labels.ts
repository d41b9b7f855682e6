import { formatDate } from "~/platform/lib/dates";

/** What the admin sees of an order's subscription (dates arrive as strings after serialisation). */
export interface OrderSubscription {
  status: "active" | "past_due" | "canceled" | "incomplete";
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | string | null;
}

/** The subscription's state in a word or two, and what happens next and when. */
export function describeSubscription(sub: OrderSubscription): { status: string; next: string } {
  const periodEnd = sub.currentPeriodEnd ? formatDate(sub.currentPeriodEnd) : null;
  switch (sub.status) {
    case "canceled":
      // Stripe's canceled_at is when the buyer asked, which for a period-end cancellation is
      // not when it ended; say what it is.
      return {
        status: "Canceled",
        next: sub.canceledAt ? `No renewal (canceled ${formatDate(sub.canceledAt)})` : "No renewal",
      };
    case "incomplete":
      return { status: "Incomplete", next: "Awaiting the first payment" };
    case "past_due":
      return {
        status: sub.cancelAtPeriodEnd ? "Past due, cancelling" : "Past due",
        next: periodEnd ? `Payment retrying; period ends ${periodEnd}` : "Payment retrying",
      };
    case "active":
      if (sub.cancelAtPeriodEnd) {
        return {
          status: "Cancels at period end",
          next: periodEnd ? `Ends ${periodEnd}` : "Ends at the period end",
        };
      }
      return { status: "Active", next: periodEnd ? `Renews ${periodEnd}` : "Renewal date pending" };
  }
}

/** The payment mode a subscription runs in; it decides what its manage link opens. */
export type PaymentMode = "stripe" | "test";

/**
 * What the manage link lets the buyer do, in words: Stripe's customer portal has the card and
 * the invoices; test mode's own page can only cancel at the period end and resume.
 */
export function manageLinkOffers(mode: PaymentMode) {
  return mode === "stripe"
    ? "update your card, see your invoices or cancel"
    : "cancel at the end of the period, or resume before it ends";
}
