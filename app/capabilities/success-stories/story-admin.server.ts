import type { AppLoadContext } from "react-router";
import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { successStories } from "~/platform/db/schema/index";
import {
  type FormResult,
  type ListQuery,
  type OrderedList,
  attempt,
  createRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  nextPosition,
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
import { storyMessages as m } from "./messages";
import { storyForm } from "./story-form";

const stories: OrderedList<typeof successStories> = {
  table: successStories,
  entityType: "success_story",
  name: "success story",
  orderColumn: successStories.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ title: row.title }),
  messages: m,
};

/** In display order (spec §7), searched by title, company and description; with each image's alt. */
export async function listStories(db: Database, query: ListQuery) {
  const page = await listPage(db, {
    table: successStories,
    searchIn: [successStories.title, successStories.companyName, successStories.description],
    orderBy: [asc(successStories.displayOrder), asc(successStories.id)],
    query,
  });
  const images = await describeUploads(
    db,
    page.rows.map((row) => row.imageUploadId),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      imageAlt: images.get(row.imageUploadId ?? "")?.alt ?? "",
    })),
  };
}

const intents = z.discriminatedUnion("intent", [formIntent("save"), ...orderedListIntents]);

/** The Success Stories screen's action: save (create or edit), delete, the switch and moves. */
export async function storyAction(
  request: Request,
  { db, logger, services }: Pick<AppLoadContext, "db" | "logger" | "services">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent !== "save") return orderedListAction(stories, input, { db, logger, admin });
  const parsed = storyForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    const message = parsed.error.issues[0]!.message;
    return failed(message, {
      title: message === m.required ? m.validationTitle : undefined,
      fieldErrors,
    });
  }
  const { id, imageAlt, ...values } = parsed.data;
  try {
    values.imageUrl = (await ownImageAddress(
      { db, storage: services.storage, fetchImage: services.images.fromAddress, logger },
      admin,
      values.imageUrl,
      imageAlt,
    )) as typeof values.imageUrl;
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return failed(error.message, { fieldErrors: { imageUrl: error.message } });
  }
  return attempt(logger, "success story save", m.save, async () => {
    await db.transaction(async (tx) => {
      const record = {
        ...values,
        imageUploadId: await uploadForAddress(tx, values.imageUrl, imageAlt),
      };
      if (id) await updateRecord(tx, admin, stories, id, record);
      else {
        const displayOrder = await nextPosition(tx, successStories, successStories.displayOrder);
        await createRecord(tx, admin, stories, { ...record, displayOrder });
      }
    });
    return succeeded(id ? m.updated : m.created);
  });
}
