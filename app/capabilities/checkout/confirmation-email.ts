import { formatUsd } from "~/platform/lib/money";
import { site } from "~/platform/config/site";
import { renderEmail } from "~/platform/email/layout";
import { type BillingInterval, PLANS, type PlanName } from "~/capabilities/pricing/public";
import { type PaymentMode, manageLinkOffers } from "~/capabilities/subscriptions/public";

export interface ConfirmedOrder {
  id: string;
  /** The payment mode the order was paid in: what its manage link can offer depends on it. */
  provider: PaymentMode;
  plan: PlanName;
  interval: BillingInterval;
  customerEmail: string;
  couponCode: string | null;
  firstPaymentCents: number;
  recurringPaymentCents: number;
}

/** The one email a buyer receives when a webstore plan is paid. */
export function orderConfirmationEmail(order: ConfirmedOrder, manageLink?: string) {
  const plan = PLANS[order.plan].label;
  const per = order.interval === "annual" ? "year" : "month";
  return renderEmail(`Your ${plan} webstore plan is confirmed`, {
    heading: "Thank you! Your payment went through.",
    paragraphs: [
      `Welcome to ${site.name}. Your ${plan} plan is active, and our team will start building your webstore as soon as we hear from you.`,
      ...(manageLink
        ? [`Manage your subscription: ${manageLinkOffers(order.provider)}, at ${manageLink}`]
        : []),
      "Next step: tell us about your brand, your team and the products you have in mind in our short intake form. We will follow up within one business day to schedule your launch planning call.",
    ],
    details: [
      ["Plan", `${plan}, billed ${order.interval === "annual" ? "annually" : "monthly"}`],
      ["Paid today", formatUsd(order.firstPaymentCents)],
      [`Then each ${per}`, formatUsd(order.recurringPaymentCents)],
      ...(order.couponCode ? ([["Coupon", order.couponCode]] as [string, string][]) : []),
      ["Order number", order.id],
    ],
    action: { label: "Fill in the intake form", url: site.intakeFormUrl },
  });
}
