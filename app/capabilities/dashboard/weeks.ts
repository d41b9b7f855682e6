import { formatMonthDay } from "~/platform/lib/dates";

// The dashboard's picture of the business: twelve weeks, counted the same way for every series.
// Pure: the server fills it from the database, the tests from lists of dates.

export const WEEKS = 12;
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface Week {
  /** Inclusive. */
  start: Date;
  /** Exclusive; the last week ends now. */
  end: Date;
  /** The week's last day, "Nov 27", in the business's time zone. */
  label: string;
}

/**
 * The last twelve whole weeks up to `now`, oldest first: seven-day periods ending now, so the
 * newest week is as full as the others and a Monday morning does not show an empty week.
 */
export function lastTwelveWeeks(now: Date): Week[] {
  const first = now.getTime() - WEEKS * WEEK_MS;
  return Array.from({ length: WEEKS }, (_, i) => {
    const start = new Date(first + i * WEEK_MS);
    const end = new Date(first + (i + 1) * WEEK_MS);
    return { start, end, label: formatMonthDay(new Date(end.getTime() - 1)) };
  });
}

/**
 * Counts per week from rows counted by week number (0 the oldest, as the database groups them);
 * weeks without a row are 0, and numbers outside the twelve weeks are ignored.
 */
export function fillWeeks(rows: { week: number; n: number }[]): number[] {
  const counts = Array.from({ length: WEEKS }, () => 0);
  for (const row of rows) {
    const week = Number(row.week);
    if (Number.isInteger(week) && week >= 0 && week < WEEKS) counts[week]! += Number(row.n);
  }
  return counts;
}

/** Which week (0 the oldest) an instant falls in, or null outside the twelve. */
export function weekOf(weeks: Week[], at: Date): number | null {
  const i = Math.floor((at.getTime() - weeks[0]!.start.getTime()) / WEEK_MS);
  return i >= 0 && i < WEEKS ? i : null;
}

/** A plan subscription as monthly recurring revenue sees it. */
export interface RecurringPlan {
  /** When it started to bring money in (its first payment). */
  startedAt: Date;
  /** When it stopped (cancelled); null while it runs. */
  endedAt: Date | null;
  /** What it brings a month: an annual plan's charge is counted as a twelfth. */
  monthlyCents: number;
}

/**
 * Monthly recurring revenue at the end of each week: the plans that had started and not ended by
 * then. The newest week's figure is today's, the one the Subscriptions card shows.
 */
export function recurringRevenueByWeek(weeks: Week[], plans: RecurringPlan[]): number[] {
  return weeks.map(({ end }) => {
    let cents = 0;
    for (const plan of plans) {
      if (plan.startedAt < end && (plan.endedAt === null || plan.endedAt >= end)) {
        cents += plan.monthlyCents;
      }
    }
    return Math.round(cents);
  });
}

export const monthlyCents = (interval: "monthly" | "annual", recurringCents: number) =>
  interval === "annual" ? recurringCents / 12 : recurringCents;

/**
 * The share of decided quotes that were accepted (accepted or paid), as a whole percent; null
 * when none were decided, so the dashboard says so rather than showing 0 %.
 */
export function acceptedShare(accepted: number, decided: number): number | null {
  if (decided === 0) return null;
  return Math.round((accepted * 100) / decided);
}

export interface WeeklySeries {
  key: "contactMessages" | "quotesRequested" | "paidOrders" | "recurringRevenue";
  title: string;
  /** Money in cents (formatted as dollars) or a count. */
  unit: "count" | "cents";
  values: number[];
}

export interface BusinessWeeks {
  weeks: { label: string; start: string; end: string }[];
  series: WeeklySeries[];
}
