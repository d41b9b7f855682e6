import { Form, Link } from "react-router";
import { Button, buttonClasses } from "~/platform/ui/Button";
import { Container } from "~/platform/ui/Container";
import { Alert, Field, Input } from "~/platform/ui/Field";
import { TEST_MODE_LABEL } from "~/platform/payments/test-cards";
import { PLANS, type PlanName } from "~/capabilities/pricing/public";
import type { ManageView } from "./manage.server";
import { formatCalendarDate } from "~/platform/lib/dates";

const statusLabels: Record<ManageView["status"], string> = {
  active: "Active",
  past_due: "Payment failed — we are retrying",
  canceled: "Cancelled",
  incomplete: "Awaiting payment",
};

function RequestLinkForm({ message, error }: { message: string | null; error: string | null }) {
  return (
    <section aria-labelledby="request-link" className="mt-10 rounded-card border border-line p-6">
      <h2 id="request-link" className="text-xl font-bold text-ink">
        Get a new link by email
      </h2>
      <p className="mt-2 text-ink-muted">
        Enter the email address you paid with and we will send a fresh link to manage your
        subscription.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="request-link" />
        <Field label="Email address" error={error ?? undefined} required>
          {(control) => <Input {...control} type="email" name="email" autoComplete="email" />}
        </Field>
        <Button type="submit">Email me a link</Button>
      </Form>
      {message && (
        <Alert tone="success" className="mt-4">
          {message}
        </Alert>
      )}
    </section>
  );
}

export function ManageSubscriptionPage({
  refusal,
  subscription,
  linkMessage,
  linkError,
  token = "",
  confirmCancel = false,
}: {
  refusal: string | null;
  subscription: ManageView | null;
  linkMessage: string | null;
  linkError: string | null;
  /** The manage link's token, for the page's own links. */
  token?: string;
  /** `?confirm=cancel`: ask before cancelling (a page, so it works without JavaScript too). */
  confirmCancel?: boolean;
}) {
  const end = subscription?.currentPeriodEnd
    ? formatCalendarDate(subscription.currentPeriodEnd, { long: true })
    : null;
  return (
    <>
      {subscription && (
        <div className="border-b border-accent-200 bg-accent-50 py-3 text-center text-sm font-semibold text-accent-900">
          {TEST_MODE_LABEL}: this page stands in for Stripe&apos;s customer portal.
        </div>
      )}
      <Container className="max-w-xl py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">
          Manage your subscription
        </h1>
        {refusal && (
          <Alert tone="error" className="mt-6">
            {refusal}
          </Alert>
        )}
        {subscription && (
          <>
            <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-ink">
              <dt className="font-semibold">Plan</dt>
              <dd>
                {PLANS[subscription.plan as PlanName].label}, billed{" "}
                {subscription.interval === "annual" ? "annually" : "monthly"}
              </dd>
              <dt className="font-semibold">Status</dt>
              <dd data-testid="subscription-status">
                {subscription.cancelAtPeriodEnd && subscription.status !== "canceled"
                  ? "Cancelled — ends at the end of the period"
                  : statusLabels[subscription.status]}
              </dd>
              {end && (
                <>
                  <dt className="font-semibold">
                    {subscription.cancelAtPeriodEnd || subscription.status === "canceled"
                      ? "Ends on"
                      : "Renews on"}
                  </dt>
                  <dd data-testid="subscription-date">{end}</dd>
                </>
              )}
            </dl>
            {subscription.status !== "canceled" && (
              <div className="mt-8">
                {subscription.cancelAtPeriodEnd ? (
                  <Form method="post">
                    <Button type="submit" name="intent" value="resume">
                      Resume subscription
                    </Button>
                  </Form>
                ) : confirmCancel ? (
                  <section
                    aria-labelledby="confirm-cancel"
                    className="space-y-4 rounded-card border border-danger-700/30 bg-danger-50 p-5"
                  >
                    <h2 id="confirm-cancel" className="text-lg font-bold text-ink">
                      Cancel your plan?
                    </h2>
                    <p className="text-sm text-ink">
                      {end
                        ? `It will not renew: everything keeps working until ${end}, then stops.`
                        : "It will not renew."}{" "}
                      You can resume it before then.
                    </p>
                    <Form method="post" className="flex flex-wrap gap-3">
                      <Button type="submit" name="intent" value="cancel" variant="danger">
                        Yes, cancel my plan
                      </Button>
                      <Link
                        to={`?token=${encodeURIComponent(token)}`}
                        className="inline-flex items-center px-3 text-sm font-semibold text-brand-800 underline"
                      >
                        Keep my plan
                      </Link>
                    </Form>
                  </section>
                ) : (
                  <Link
                    to={`?token=${encodeURIComponent(token)}&confirm=cancel`}
                    className={buttonClasses({ variant: "secondary" })}
                  >
                    Cancel at the end of the period
                  </Link>
                )}
              </div>
            )}
          </>
        )}
        {!subscription && <RequestLinkForm message={linkMessage} error={linkError} />}
      </Container>
    </>
  );
}
