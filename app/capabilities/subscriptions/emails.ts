import { renderEmail } from "~/platform/email/layout";
import { PLANS, type PlanName } from "~/capabilities/pricing/public";
import { formatCalendarDate } from "~/platform/lib/dates";

interface SubscriptionFacts {
  plan: PlanName;
  currentPeriodEnd: Date | null;
}

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
      "Changed your mind? You can resume the plan before it ends from the link below.",
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}

export function renewalReminderEmail(
  sub: SubscriptionFacts & { currentPeriodEnd: Date },
  manageLink: string,
) {
  const plan = PLANS[sub.plan].label;
  return renderEmail(
    `Your ${plan} webstore plan renews on ${formatCalendarDate(sub.currentPeriodEnd, { long: true })}`,
    {
      heading: "A reminder before your annual renewal.",
      paragraphs: [
        `Your ${plan} plan renews automatically on ${formatCalendarDate(sub.currentPeriodEnd, { long: true })} for another year. Nothing to do if you want to keep it; to change your card or cancel, use the link below.`,
      ],
      action: { label: "Manage your subscription", url: manageLink },
    },
  );
}

export function manageLinkEmail(manageLink: string) {
  return renderEmail("Your link to manage your subscription", {
    heading: "Here is your link.",
    paragraphs: [
      "Use the link below to see your plan, update your card or cancel. It works for 30 days.",
    ],
    action: { label: "Manage your subscription", url: manageLink },
  });
}
