import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { orders, subscriptions } from "~/platform/db/schema/index";
import type { EmailService } from "~/platform/email/outbox.server";
import type { JobHandler } from "~/platform/jobs/jobs.server";
import { renewalReminderEmail } from "./emails";
import { manageUrl } from "./manage-token.server";

export const RENEWAL_REMINDER_JOB = "subscription-renewal-reminders";
/** How long before an annual renewal the buyer hears about it. */
export const REMINDER_LEAD_DAYS = 14;

/**
 * Reminds buyers of annual plans that renew within REMINDER_LEAD_DAYS. Safe to run as often as
 * wanted: the dedupe key is the subscription and its period, so each period sends one email.
 */
export async function sendRenewalReminders(
  deps: { db: Database; email: Pick<EmailService, "queue">; publicUrl: string; secret: string },
  now = new Date(),
) {
  const horizon = new Date(now.getTime() + REMINDER_LEAD_DAYS * 86_400_000);
  const due = await deps.db
    .select({ subscription: subscriptions, email: orders.customerEmail })
    .from(subscriptions)
    .innerJoin(orders, eq(orders.id, subscriptions.orderId))
    .where(
      and(
        eq(subscriptions.status, "active"),
        eq(subscriptions.interval, "annual"),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, horizon),
      ),
    );
  for (const { subscription, email } of due) {
    const periodEnd = subscription.currentPeriodEnd!;
    await deps.email.queue({
      kind: "subscription-renewal-reminder",
      to: email,
      dedupeKey: `subscription-renewal-reminder:${subscription.id}:${periodEnd.toISOString()}`,
      ...renewalReminderEmail(
        {
          plan: subscription.plan,
          currentPeriodEnd: periodEnd,
          provider: subscription.provider,
        },
        manageUrl(deps.publicUrl, deps.secret, subscription.id, now.getTime()),
      ),
    });
  }
  return { considered: due.length };
}

export function renewalReminderHandler(
  deps: Parameters<typeof sendRenewalReminders>[0],
): JobHandler {
  return async ({ progress }) => {
    const result = await sendRenewalReminders(deps);
    await progress(result.considered, result.considered);
    return result;
  };
}
