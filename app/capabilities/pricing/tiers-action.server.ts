import type { AppLoadContext } from "react-router";
import { readForm } from "~/platform/forms/read.server";
import { z } from "zod";
import { attempt } from "~/platform/admin-kit/action.server";
import { dollarsField } from "~/platform/lib/money-field";
import { type FormResult, failed, fieldErrorsOf, succeeded } from "~/platform/forms/result";
import type { Actor } from "~/platform/audit/audit.server";
import { PLAN_NAMES } from "./plans";
import { updatePricingTiers } from "./tiers-admin.server";
import { PRICE_FIELDS, tierMessages as m } from "./tiers-messages";

const tiersForm = z.object(
  Object.fromEntries(
    PLAN_NAMES.flatMap((plan) =>
      PRICE_FIELDS.map((field) => [`${plan}.${field.key}`, dollarsField(m.amount)]),
    ),
  ) as Record<string, ReturnType<typeof dollarsField>>,
);

/** The Pricing Tiers screen's one action: every plan's prices, saved together. */
export async function pricingTiersAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const { fields } = await readForm(request);
  const parsed = tiersForm.safeParse(fields);
  if (!parsed.success) {
    return failed(m.update, { fieldErrors: fieldErrorsOf(parsed.error.issues) });
  }
  const values = parsed.data;
  return attempt(logger, "pricing tiers update", m.update, async () => {
    await updatePricingTiers(
      db,
      admin,
      PLAN_NAMES.map((name) => ({
        name,
        monthlyPriceCents: values[`${name}.monthly`]!,
        annualPriceCents: values[`${name}.annual`]!,
        setupFeeCents: values[`${name}.setup`]!,
      })),
    );
    return succeeded(m.updated);
  });
}
