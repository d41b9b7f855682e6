import type { AppLoadContext } from "react-router";
import { asc, count } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { clientWebstoreExamples } from "~/platform/db/schema/index";
import {
  type FormResult,
  type OrderedList,
  type ListQuery,
  attempt,
  createRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
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
import { exampleForm } from "./example-form";
import { exampleMessages as m } from "./messages";

const table = clientWebstoreExamples;
const examples: OrderedList<typeof table> = {
  table,
  entityType: "client_webstore_example",
  name: "example",
  orderColumn: table.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ companyName: row.companyName }),
  messages: { ...m, status: m.save, move: m.save },
};

/** In display order (spec §7), searched by header, company and description; with logo alt text. */
export async function listExamples(db: Database, query: ListQuery) {
  const page = await listPage(db, {
    table,
    searchIn: [table.headerText, table.companyName, table.description],
    orderBy: [asc(table.displayOrder), asc(table.id)],
    query,
  });
  const images = await describeUploads(
    db,
    page.rows.map((row) => row.logoUploadId),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      logoAlt: images.get(row.logoUploadId ?? "")?.alt ?? "",
    })),
  };
}

const intents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/** The Client Webstore Examples screen's action: save, delete, the switch and moves. */
export async function exampleAction(
  request: Request,
  { db, logger, services }: Pick<AppLoadContext, "db" | "logger" | "services">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent !== "save") return orderedListAction(examples, input, { db, logger, admin });
  const parsed = exampleForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return failed(parsed.error.issues[0]!.message, { fieldErrors });
  }
  const { id, logoAlt, displayOrder, ...values } = parsed.data;
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
  return attempt(logger, "example save", m.save, async () => {
    await db.transaction(async (tx) => {
      const record = {
        ...values,
        logoUploadId: await uploadForAddress(tx, values.logoUrl, logoAlt),
      };
      if (id) await updateRecord(tx, admin, examples, id, { ...record, displayOrder });
      else {
        // Spec §4: a new example goes after the others (list length + 1) unless placed.
        const [listed] = await tx.select({ n: count() }).from(table);
        const place = displayOrder ?? (listed?.n ?? 0) + 1;
        await createRecord(tx, admin, examples, { ...record, displayOrder: place });
      }
    });
    return succeeded(id ? m.updated : m.created);
  });
}
