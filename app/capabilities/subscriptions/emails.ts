import { renderEmail } from "~/platform/email/layout";
import { PLANS, type PlanName } from "~/capabilities/pricing/public";
import { formatCalendarDate } from "~/platform/lib/dates";
import { formatUsd } from "~/platform/lib/money";
import { type PaymentMode, manageLinkOffers } from "./labels";

interface SubscriptionFacts {
  plan: PlanName;
  currentPeriodEnd: Date | null;
  provider: PaymentMode;
}

/** Only Stripe charges renewals, so only a Stripe subscription gets this one. */
export function paymentFailedEmail(sub: SubscriptionFacts, manageLink: string) {
  const plan = PLANS[sub.plan].label;
  return renderEmail(`We could not renew your ${plan} webstore plan`, {
    heading: "Your renewal payment did not go through.",
    paragraphs: [
      `We tried to charge the card on file for your ${plan} plan and the payment failed. Your webstore stays live while we retry, but please update your card soon so nothing is interrupted.`,
    ],
    action: { label: "Update your payment details", url: manageLink },
  });
}

export function cancellationEmail(sub: SubscriptionFacts, manageLink: string) {
  const plan = PLANS[sub.plan].label;
  const end = sub.currentPeriodEnd
    ? formatCalendarDate(sub.currentPeriodEnd, { long: true })
    : null;
  return renderEmail(`Your ${plan} webstore plan is cancelled`, {
    heading: "Your cancellation is confirmed.",
    paragraphs: [
      end
        ? `Your ${plan} plan will not renew. Everything keeps working until ${end}.`
        : `Your ${plan} plan has ended and will not renew.`,
      ...(end
        ? [
            sub.provider === "stripe"
              ? "Changed your mind? You can resume the plan before it ends from the link below, where you can also see your invoices."
              : "Changed your mind? You can resume the plan before it ends from the link below.",
          ]
        : []),
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}

/** After a cancelled plan is resumed: the buyer's last word from us must not be "cancelled". */
export function continuesEmail(
  sub: SubscriptionFacts & { currentPeriodEnd: Date },
  recurringCents: number,
  manageLink: string,
) {
  const plan = PLANS[sub.plan].label;
  const renews = formatCalendarDate(sub.currentPeriodEnd, { long: true });
  return renderEmail(`Your ${plan} webstore plan continues`, {
    heading: "Your plan is resumed.",
    paragraphs: [
      `Your ${plan} plan is no longer cancelled: nothing ends, and it renews on ${renews} for ${formatUsd(recurringCents)}.`,
      `To ${manageLinkOffers(sub.provider)}, use the link below.`,
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}

export function renewalReminderEmail(
  sub: SubscriptionFacts & { currentPeriodEnd: Date },
  manageLink: string,
) {
  const plan = PLANS[sub.plan].label;
  const renews = formatCalendarDate(sub.currentPeriodEnd, { long: true });
  return renderEmail(`Your ${plan} webstore plan renews on ${renews}`, {
    heading: "A reminder before your annual renewal.",
    paragraphs: [
      `Your ${plan} plan renews automatically on ${renews} for another year. Nothing to do if you want to keep it; to ${sub.provider === "stripe" ? "change your card, see your invoices or cancel" : "cancel"}, use the link below.`,
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}

export function manageLinkEmail(manageLink: string, mode: PaymentMode) {
  return renderEmail("Your link to manage your subscription", {
    heading: "Here is your link.",
    paragraphs: [
      `Use the link below to see your plan, ${manageLinkOffers(mode)}. It works for 30 days.`,
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}
