import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/features/admin/AdminShell";
import { ResultNotice, useResultToast } from "~/features/admin/feedback";
import { centsToDollarInput, dollarsField } from "~/features/admin/dollars";
import { type ActionResult, failed, fieldErrorsOf, succeeded } from "~/features/admin/result";
import { requireAdmin } from "~/features/auth/admin.server";
import {
  PLAN_NAMES,
  listPricingTiers,
  updatePricingTiers,
} from "~/features/pricing/tiers-admin.server";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import { Alert, Input } from "~/ui/Field";

export const handle: RouteHandle = { title: "Admin: Pricing Tiers", noindex: true };

const LOAD_FAILED = "Failed to load pricing tiers. Please try again.";
const UPDATE_FAILED = "Failed to update pricing tiers.";
const AMOUNT_MESSAGE = "Enter an amount of 0 or more, with at most two decimals.";

const PRICE_FIELDS = [
  { key: "monthly", column: "monthlyPriceCents", label: "Monthly price" },
  { key: "annual", column: "annualPriceCents", label: "Annual price" },
  { key: "setup", column: "setupFeeCents", label: "Setup fee" },
] as const;

const tiersForm = z.object(
  Object.fromEntries(
    PLAN_NAMES.flatMap((plan) =>
      PRICE_FIELDS.map((field) => [`${plan}.${field.key}`, dollarsField(AMOUNT_MESSAGE)]),
    ),
  ) as Record<string, ReturnType<typeof dollarsField>>,
);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  try {
    return { tiers: await listPricingTiers(context.db) };
  } catch (error) {
    console.error("pricing tiers load failed", error);
    return { tiers: null };
  }
}

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const admin = await requireAdmin(request, context);
  const parsed = tiersForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return failed(UPDATE_FAILED, { fieldErrors: fieldErrorsOf(parsed.error.issues) });
  }
  const values = parsed.data;
  try {
    await updatePricingTiers(
      context.db,
      admin,
      PLAN_NAMES.map((name) => ({
        name,
        monthlyPriceCents: values[`${name}.monthly`]!,
        annualPriceCents: values[`${name}.annual`]!,
        setupFeeCents: values[`${name}.setup`]!,
      })),
    );
  } catch (error) {
    console.error("pricing tiers update failed", error);
    return failed(UPDATE_FAILED);
  }
  return succeeded("Pricing tiers updated. The pricing page and checkout use them from now on.");
}

export default function AdminPricingTiers() {
  const { tiers } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  const fieldErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const saving = fetcher.state !== "idle";

  return (
    <>
      <AdminPageHeader
        title="Pricing Tiers"
        description="The webstore plan prices shown on the pricing page and charged at checkout."
      />
      <ResultNotice />
      {!tiers ? (
        <Alert tone="error">{LOAD_FAILED}</Alert>
      ) : (
        <fetcher.Form method="post" className="space-y-6">
          <div className="overflow-x-auto rounded-card border border-line bg-white shadow-card">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Prices per plan, in US dollars</caption>
              <thead className="border-b border-line bg-surface text-xs font-semibold tracking-wide text-ink-muted uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Plan
                  </th>
                  {PRICE_FIELDS.map((field) => (
                    <th key={field.key} scope="col" className="px-4 py-3">
                      {field.label} ($)
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {tiers.map((tier) => (
                  <tr key={tier.id} className="align-top">
                    <th scope="row" className="px-4 py-3 font-semibold text-ink capitalize">
                      {tier.name}
                    </th>
                    {PRICE_FIELDS.map((field) => {
                      const name = `${tier.name}.${field.key}`;
                      const error = fieldErrors?.[name];
                      return (
                        <td key={field.key} className="px-4 py-3">
                          <Input
                            type="number"
                            name={name}
                            min={0}
                            step={0.01}
                            required
                            inputMode="decimal"
                            aria-label={`${tier.name} ${field.label.toLowerCase()} in dollars`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${name}-error` : undefined}
                            defaultValue={centsToDollarInput(tier[field.column])}
                            className="min-w-28"
                          />
                          {error && (
                            <p id={`${name}-error`} className="mt-1 text-xs text-danger-700">
                              {error}
                            </p>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-1 text-sm text-ink-muted">
            <li>Monthly price is charged each month.</li>
            <li>Annual price is billed once a year.</li>
            <li>Setup fee is a one-time charge with the first payment.</li>
          </ul>
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </fetcher.Form>
      )}
    </>
  );
}
