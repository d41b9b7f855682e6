import { formatUsd } from "~/platform/lib/money";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { ButtonLink, Button } from "~/platform/ui/Button";
import { cn } from "~/platform/ui/cn";
import { Container } from "~/platform/ui/Container";
import { Alert, Field, Input } from "~/platform/ui/Field";
import { toast } from "~/platform/ui/toast";
import { FeatureList } from "~/capabilities/pricing/public";
import {
  type BillingInterval,
  PLANS,
  type PlanName,
  type PlanPrices,
  planPriceCents,
} from "~/capabilities/pricing/public";
import { TEST_MODE_LABEL } from "~/platform/payments/test-cards";
import { computeCharges, describeCoupon } from "./charges";
import type { FormResult } from "~/platform/forms/result";
import type { CheckoutState } from "./checkout-form";
import { checkoutMessages } from "./messages";

export interface CheckoutPageProps {
  plan: PlanName;
  interval: BillingInterval;
  prices: PlanPrices | null;
  pricingError: string | null;
  testMode: boolean;
  actionData?: FormResult<CheckoutState>;
}

function SummaryRow({
  label,
  value,
  strong,
  className,
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex justify-between", strong && "font-semibold text-ink", className)}>
      <dt className={strong ? undefined : "text-ink-muted"}>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * One form for coupon and payment, so a plain post keeps the email while a coupon is applied.
 * With JavaScript the payment page opens in a new tab (spec §2).
 */
export function CheckoutPage({
  plan,
  interval,
  prices,
  pricingError,
  testMode,
  actionData,
}: CheckoutPageProps) {
  const fetcher = useFetcher<FormResult<CheckoutState>>();
  const result = fetcher.data ?? actionData;
  const coupon = result?.data?.coupon ?? null;
  const fieldErrors = result?.ok === false ? result.fieldErrors : undefined;
  const formError = result?.ok === false && !fieldErrors ? result.toast?.description : undefined;
  const [opened, setOpened] = useState<{ url: string; blocked: boolean } | null>(null);
  const handled = useRef<FormResult<CheckoutState> | undefined>(undefined);
  const payButton = useRef<HTMLButtonElement>(null);
  const lastIntent = useRef<FormDataEntryValue | null>(null);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    const response = answer.data;
    if (!response) return;
    if (response.checkoutUrl) {
      const tab = window.open(response.checkoutUrl, "_blank");
      if (tab) tab.opener = null;
      // Whether the browser allowed the tab is only known after the call.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setOpened({ url: response.checkoutUrl, blocked: !tab });
    } else if (lastIntent.current === "apply-coupon" && response.coupon) {
      toast({
        title: "Coupon applied",
        description: `${response.coupon.code}: ${describeCoupon(response.coupon)}`,
      });
    } else if (lastIntent.current === "remove-coupon") {
      toast({ title: "Coupon removed" });
    }
  }, [fetcher.data]);

  const submitting = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const details = PLANS[plan];
  const charges = prices
    ? computeCharges({
        planPriceCents: planPriceCents(prices, interval),
        setupFeeCents: prices.setupFeeCents,
        coupon,
      })
    : null;
  const per = interval === "annual" ? "year" : "month";

  return (
    <Container className="py-12 sm:py-16">
      <h1 className="text-4xl font-extrabold tracking-tight text-ink">Checkout</h1>
      <p className="mt-3 text-lg text-ink-muted">
        Review your plan, add a coupon if you have one, and continue to secure payment.
      </p>
      {testMode && (
        <Alert className="mt-6" title={TEST_MODE_LABEL}>
          Payments are not configured on this server, so checkout uses a built-in test payment page
          and no money moves.
        </Alert>
      )}

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="summary-heading"
          className="rounded-panel border border-line bg-white p-6 shadow-card sm:p-8"
        >
          <h2 id="summary-heading" className="text-xl font-bold text-ink">
            Order summary
          </h2>
          {pricingError || !charges ? (
            <Alert tone="error" className="mt-5">
              {pricingError ?? checkoutMessages.pricingFailed}
            </Alert>
          ) : (
            <fetcher.Form
              method="post"
              className="mt-5 space-y-8"
              noValidate
              onSubmit={(event) => {
                // Enhanced: ask for the payment URL as data, to open it in a new tab.
                event.preventDefault();
                const form = new FormData(
                  event.currentTarget,
                  (event.nativeEvent as SubmitEvent).submitter,
                );
                form.set("respond", "json");
                lastIntent.current = form.get("intent");
                void fetcher.submit(form, { method: "post" });
              }}
            >
              <dl className="space-y-2.5 text-[0.9375rem]">
                <SummaryRow
                  label={`${details.label} plan, billed ${interval === "annual" ? "annually" : "monthly"}`}
                  value={`${formatUsd(charges.planPriceCents)}/${per}`}
                />
                <SummaryRow label="One-time setup fee" value={formatUsd(charges.setupFeeCents)} />
                {coupon && charges.discountCents > 0 && (
                  <SummaryRow
                    label={`Coupon ${coupon.code}`}
                    value={`−${formatUsd(charges.discountCents)}`}
                  />
                )}
                <SummaryRow
                  strong
                  className="border-t border-line pt-2.5"
                  label="Due today"
                  value={formatUsd(charges.firstPaymentCents)}
                />
                <SummaryRow
                  label={`Then each ${per}`}
                  value={formatUsd(charges.recurringPaymentCents)}
                />
              </dl>

              <Field
                label="Email address"
                required
                error={fieldErrors?.email}
                hint="Your receipt and store setup details go here."
              >
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    name="email"
                    autoComplete="email"
                    defaultValue={result?.data?.email}
                    onKeyDown={(event) => {
                      // Enter in the email field pays; the coupon's Apply comes first in the form.
                      if (event.key === "Enter") {
                        event.preventDefault();
                        event.currentTarget.form?.requestSubmit(payButton.current);
                      }
                    }}
                  />
                )}
              </Field>

              <input
                type="hidden"
                name="appliedCoupon"
                value={coupon ? JSON.stringify(coupon) : ""}
              />

              {coupon ? (
                <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-success-700/30 bg-success-50 px-4 py-3">
                  <p className="text-sm text-success-700">
                    <span className="font-semibold">Coupon {coupon.code} applied</span>:{" "}
                    {describeCoupon(coupon)}
                  </p>
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-coupon"
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove coupon ${coupon.code}`}
                  >
                    Remove
                  </Button>
                </div>
              ) : (
                <Field label="Coupon code" error={fieldErrors?.couponCode}>
                  {({ required: _required, ...control }) => (
                    <div className="flex gap-2">
                      <Input {...control} name="couponCode" autoComplete="off" />
                      <Button
                        type="submit"
                        name="intent"
                        value="apply-coupon"
                        variant="secondary"
                        disabled={submitting === "apply-coupon"}
                      >
                        {submitting === "apply-coupon" ? "Applying..." : "Apply"}
                      </Button>
                    </div>
                  )}
                </Field>
              )}
              {coupon && fieldErrors?.couponCode && (
                <Alert tone="error">{fieldErrors.couponCode}</Alert>
              )}

              {formError && <Alert tone="error">{formError}</Alert>}
              {opened?.blocked && (
                <Alert tone="error" title={checkoutMessages.popupBlocked}>
                  <a href={opened.url} className="font-semibold underline">
                    Continue to the payment page
                  </a>
                </Alert>
              )}
              {opened && !opened.blocked && (
                <Alert tone="info" title="Your payment page opened in a new tab">
                  Complete your payment there.{" "}
                  <a href={opened.url} className="font-semibold underline">
                    Open it here instead
                  </a>
                </Alert>
              )}

              <Button
                ref={payButton}
                type="submit"
                name="intent"
                value="pay"
                size="lg"
                className="w-full"
                disabled={submitting === "pay"}
              >
                {submitting === "pay" ? "Processing..." : "Proceed to Payment"}
              </Button>
            </fetcher.Form>
          )}
        </section>

        <aside
          aria-labelledby="included-heading"
          className="h-fit rounded-panel border border-line bg-surface p-6 sm:p-8"
        >
          <h2 id="included-heading" className="text-xl font-bold text-ink">
            What's included
          </h2>
          <p className="mt-1 text-ink-muted">{details.label} plan</p>
          <div className="mt-5">
            <FeatureList features={details.features} />
          </div>
          <ButtonLink to="/pricing" variant="secondary" className="mt-6 w-full">
            Change Plan
          </ButtonLink>
        </aside>
      </div>
    </Container>
  );
}
