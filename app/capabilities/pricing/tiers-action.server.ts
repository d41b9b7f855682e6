import { type AppLoadContext, data } from "react-router";
import { readFormText } from "~/platform/security/form-text";
import { z } from "zod";
import { attempt } from "~/platform/admin-kit/action.server";
import { dollarsField } from "~/platform/lib/money-field";
import { type ActionResult, failed, fieldErrorsOf, succeeded } from "~/platform/admin-kit/result";
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
): Promise<ActionResult> {
  const { fields, refused } = await readFormText(request);
  if (refused) {
    throw data(failed(refused.message, { fieldErrors: { [refused.name]: refused.message } }), {
      status: 400,
    });
  }
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
