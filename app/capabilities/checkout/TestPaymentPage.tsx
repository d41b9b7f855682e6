import { formatUsd } from "~/platform/lib/money";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { Field, Input } from "~/platform/ui/Field";
import { type BillingInterval, PLANS, type PlanName } from "~/capabilities/pricing/public";
import { TEST_CARDS, TEST_MODE_LABEL } from "~/platform/payments/test-cards";

export interface TestPaymentOrder {
  plan: PlanName;
  interval: BillingInterval;
  email: string;
  firstPaymentCents: number;
  recurringPaymentCents: number;
  expired: boolean;
}

function TestModeBanner() {
  return (
    <div className="border-b border-accent-200 bg-accent-50 py-3 text-center text-sm font-semibold text-accent-900">
      {TEST_MODE_LABEL}
    </div>
  );
}

/** The built-in stand-in for Stripe's payment page; it never takes real card details. */
export function TestPaymentPage({
  order,
  error,
  paying,
}: {
  order: TestPaymentOrder | null;
  error: string | null;
  paying: boolean;
}) {
  return (
    <>
      <TestModeBanner />
      <Container className="max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Test payment</h1>
        {!order ? (
          <p className="mt-4 text-lg text-ink-muted">
            This payment link does not exist. Start again from the pricing page.
          </p>
        ) : order.expired ? (
          <p className="mt-4 text-lg text-ink-muted">
            This checkout has expired and can no longer be paid. Start again from the pricing page.
          </p>
        ) : (
          <>
            <p className="mt-4 text-lg text-ink-muted">
              {PLANS[order.plan].label} plan, billed{" "}
              {order.interval === "annual" ? "annually" : "monthly"}, for {order.email}.
            </p>
            <dl className="mt-6 space-y-2 rounded-card border border-line bg-white p-5 shadow-card">
              <div className="flex justify-between font-semibold text-ink">
                <dt>Due today</dt>
                <dd>{formatUsd(order.firstPaymentCents)}</dd>
              </div>
              <div className="flex justify-between text-ink-muted">
                <dt>Then each {order.interval === "annual" ? "year" : "month"}</dt>
                <dd>{formatUsd(order.recurringPaymentCents)}</dd>
              </div>
            </dl>
            <Form method="post" className="mt-8 space-y-5" noValidate>
              <Field
                label="Card number"
                required
                error={error ?? undefined}
                hint={`Test cards: ${TEST_CARDS.success} pays, ${TEST_CARDS.declined} is declined.`}
              >
                {(control) => (
                  <Input
                    {...control}
                    name="cardNumber"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={TEST_CARDS.success}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="w-full" disabled={paying}>
                {paying ? "Processing..." : `Pay ${formatUsd(order.firstPaymentCents)}`}
              </Button>
            </Form>
          </>
        )}
        {(!order || order.expired) && (
          <ButtonLink to="/pricing" className="mt-8">
            Back to pricing
          </ButtonLink>
        )}
      </Container>
    </>
  );
}
