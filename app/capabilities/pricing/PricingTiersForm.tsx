import { useRef } from "react";
import { useFetcher } from "react-router";
import { centsToDecimal } from "~/platform/lib/money";
import { useFocusFirstInvalid, useResultToast } from "~/platform/admin-kit/feedback";
import type { FormResult } from "~/platform/forms/result";
import { Button } from "~/platform/ui/Button";
import { Input } from "~/platform/ui/Field";
import { PRICE_FIELDS } from "./tiers-messages";

export interface TierRow {
  id: string;
  name: string;
  monthlyPriceCents: number;
  annualPriceCents: number;
  setupFeeCents: number;
}

/** Every plan's prices in one table, saved together; the server's messages, not the browser's. */
export function PricingTiersForm({ tiers }: { tiers: TierRow[] }) {
  const fetcher = useFetcher<FormResult>();
  const form = useRef<HTMLFormElement>(null);
  useResultToast(fetcher.data);
  useFocusFirstInvalid(form, fetcher.data);
  const fieldErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form ref={form} method="post" noValidate className="space-y-6">
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
                        defaultValue={centsToDecimal(tier[field.column])}
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
  );
}
