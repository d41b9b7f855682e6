import type { AppLoadContext } from "react-router";
import { desc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { couponCodes } from "~/platform/db/schema/index";
import {
  attempt,
  formIntent,
  parseIntent,
  recordId,
  switchValue,
  type ListQuery,
  DuplicateRecordError,
  createRecord,
  deleteRecord,
  listPage,
  updateRecord,
  type FormResult,
  failed,
  fieldErrorsOf,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { couponForm } from "./coupon-form";
import { couponMessages as m } from "./messages";
import { isCouponExpired } from "./rules";

const coupons = { table: couponCodes, entityType: "coupon" };

/** Newest first (spec §7), searched by code and description. `expired` is decided on the server clock. */
export async function listCoupons(db: Database, query: ListQuery, now = new Date()) {
  const page = await listPage(db, {
    table: couponCodes,
    searchIn: [couponCodes.code, couponCodes.description],
    orderBy: [desc(couponCodes.createdAt), desc(couponCodes.id)],
    query,
  });
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, expired: isCouponExpired(row, now) })),
  };
}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("toggle-checkout"), id: recordId, value: switchValue }),
]);

const FLAGS = {
  "toggle-active": {
    flag: "isActive",
    action: "set-active",
    failure: m.status,
    answers: [m.activated, m.deactivated],
  },
  "toggle-checkout": {
    flag: "allowOnCheckout",
    action: "set-allow-on-checkout",
    failure: m.checkout,
    answers: [m.allowed, m.hidden],
  },
} as const;

const duplicate = (error: unknown) =>
  error instanceof DuplicateRecordError
    ? failed(m.duplicate, { title: m.duplicateTitle, fieldErrors: { code: m.duplicate } })
    : undefined;

/** The Coupons screen's action: save (create or edit), delete, and the two switches. */
export async function couponAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  switch (input.intent) {
    case "delete":
      return attempt(logger, "coupon delete", m.delete, async () => {
        await deleteRecord(db, admin, coupons, input.id);
        return succeeded(m.deleted);
      });
    case "toggle-active":
    case "toggle-checkout": {
      const { flag, action, failure, answers } = FLAGS[input.intent];
      return attempt(logger, `coupon ${input.intent}`, failure, async () => {
        await updateRecord(
          db,
          admin,
          coupons,
          input.id,
          { [flag]: input.value },
          {
            action,
            audited: (row) => ({ code: row.code, [flag]: row[flag] }),
          },
        );
        return succeeded(input.value ? answers[0] : answers[1]);
      });
    }
    case "save": {
      const parsed = couponForm.safeParse(input);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error.issues);
        return failed(parsed.error.issues[0]!.message, { fieldErrors });
      }
      const { id, values } = parsed.data;
      return attempt(
        logger,
        "coupon save",
        m.save,
        async () => {
          if (id) await updateRecord(db, admin, coupons, id, values);
          else await createRecord(db, admin, coupons, values);
          return succeeded(id ? m.updated : m.created);
        },
        duplicate,
      );
    }
  }
}
