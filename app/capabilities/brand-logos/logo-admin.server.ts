import type { AppLoadContext } from "react-router";
import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { brandLogos } from "~/platform/db/schema/index";
import {
  type FormResult,
  type OrderedList,
  attempt,
  createRecord,
  failed,
  fieldErrorsOf,
  nextPosition,
  formIntent,
  orderedListAction,
  orderedListIntents,
  parseIntent,
  succeeded,
  updateRecord,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import {
  describeUploads,
  ownImageAddress,
  uploadForAddress,
} from "~/platform/uploads/uploads.server";
import { UploadError } from "~/platform/uploads/images.server";
import { logoForm } from "./logo-form";
import { logoMessages as m } from "./messages";

const logos: OrderedList<typeof brandLogos> = {
  table: brandLogos,
  entityType: "brand_logo",
  name: "brand logo",
  orderColumn: brandLogos.orderIndex,
  activeKey: "active",
  label: (row) => ({ name: row.name }),
  messages: { ...m, status: m.update, move: m.update },
};

/** Every logo by order index (spec §7; a short list, shown whole as cards), with its alt text. */
export async function listLogos(db: Database) {
  const rows = await db
    .select()
    .from(brandLogos)
    .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.id));
  const images = await describeUploads(
    db,
    rows.map((row) => row.logoUploadId),
  );
  return rows.map((row) => ({
    ...row,
    logoAlt: images.get(row.logoUploadId ?? "")?.alt ?? "",
  }));
}

const intents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/** The Brand Logos screen's action: save (add or update), delete, the switch and moves. */
export async function logoAction(
  request: Request,
  { db, logger, services }: Pick<AppLoadContext, "db" | "logger" | "services">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent !== "save") return orderedListAction(logos, input, { db, logger, admin });
  const parsed = logoForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return failed(parsed.error.issues[0]!.message, { fieldErrors });
  }
  const { id, logoAlt, ...values } = parsed.data;
  try {
    values.logoUrl = (await ownImageAddress(
      { db, storage: services.storage, fetchImage: services.images.fromAddress, logger },
      admin,
      values.logoUrl,
      logoAlt,
    )) as typeof values.logoUrl;
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return failed(error.message, { fieldErrors: { logoUrl: error.message } });
  }
  return attempt(logger, "brand logo save", m.save, async () => {
    await db.transaction(async (tx) => {
      const record = {
        ...values,
        logoUploadId: await uploadForAddress(tx, values.logoUrl, logoAlt),
      };
      if (id) await updateRecord(tx, admin, logos, id, record);
      else {
        const orderIndex = await nextPosition(tx, brandLogos, brandLogos.orderIndex);
        await createRecord(tx, admin, logos, { ...record, orderIndex });
      }
    });
    return succeeded(id ? m.updated : m.created);
  });
}
