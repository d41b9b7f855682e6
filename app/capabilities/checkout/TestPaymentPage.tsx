import { formatUsd } from "~/platform/lib/money";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { Field, Input } from "~/platform/ui/Field";
import { TEST_CARDS, TEST_MODE_LABEL } from "~/platform/payments/test-cards";

/** What is being paid, in words: a plan's first payment, or a one-off payment such as a deposit. */
export interface TestPaymentOrder {
  /** "Pro plan, billed monthly, for ann@example.com." */
  summary: string;
  dueCents: number;
  /** A plan's renewals: "Then each month" and its amount; null for a one-off payment. */
  then: { label: string; cents: number } | null;
  expired: boolean;
  /** Where to start again: the pricing page, or the quote's page. */
  back: { to: string; label: string; from: string };
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
            This checkout has expired and can no longer be paid. Start again from {order.back.from}.
          </p>
        ) : (
          <>
            <p className="mt-4 text-lg text-ink-muted">{order.summary}</p>
            <dl className="mt-6 space-y-2 rounded-card border border-line bg-white p-5 shadow-card">
              <div className="flex justify-between font-semibold text-ink">
                <dt>Due today</dt>
                <dd>{formatUsd(order.dueCents)}</dd>
              </div>
              {order.then && (
                <div className="flex justify-between text-ink-muted">
                  <dt>{order.then.label}</dt>
                  <dd>{formatUsd(order.then.cents)}</dd>
                </div>
              )}
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
                {paying ? "Processing..." : `Pay ${formatUsd(order.dueCents)}`}
              </Button>
            </Form>
          </>
        )}
        {(!order || order.expired) && (
          <ButtonLink to={order?.back.to ?? "/pricing"} className="mt-8">
            {order?.back.label ?? "Back to pricing"}
          </ButtonLink>
        )}
      </Container>
    </>
  );
}
