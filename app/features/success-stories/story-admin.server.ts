import type { AppLoadContext } from "react-router";
import { asc, max } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { successStories } from "~/db/schema";
import {
  type ActionResult,
  type ListQuery,
  attempt,
  createRecord,
  deleteRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  listPosition,
  moveRecord,
  parseIntent,
  recordId,
  succeeded,
  switchValue,
  updateRecord,
} from "~/features/admin/kit.server";
import type { Actor } from "~/features/audit/audit.server";
import { describeUploads, setUploadsUsedBy } from "~/features/uploads/uploads.server";
import { storyMessages as m } from "./messages";
import { storyForm } from "./story-form";

const stories = {
  table: successStories,
  entityType: "success_story",
  orderColumn: successStories.displayOrder,
};
const owner = (id: string) => ({ type: "success_story", id });

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
    page.rows.map((row) => row.imageUrl),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      imageAlt: (row.imageUrl && images.get(row.imageUrl)?.alt) || "",
    })),
  };
}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle-active"), id: recordId, value: switchValue }),
  z.object({ intent: z.literal("move"), id: recordId, position: listPosition }),
]);

/** The Success Stories screen's action: save (create or edit), delete, the switch and moves. */
export async function storyAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<ActionResult> {
  const input = await parseIntent(request, intents);
  switch (input.intent) {
    case "delete":
      return attempt(logger, "success story delete", m.delete, async () => {
        await db.transaction(async (tx) => {
          await deleteRecord(tx, admin, stories, input.id);
          await setUploadsUsedBy(tx, owner(input.id), []);
        });
        return succeeded(m.deleted);
      });
    case "toggle-active":
      return attempt(logger, "success story toggle", m.status, async () => {
        await updateRecord(
          db,
          admin,
          stories,
          input.id,
          { isActive: input.value },
          {
            action: "set-active",
            audited: (row) => ({ title: row.title, isActive: row.isActive }),
          },
        );
        return succeeded(input.value ? m.activated : m.deactivated);
      });
    case "move":
      return attempt(logger, "success story move", m.move, async () => {
        await moveRecord(db, admin, stories, input.id, input.position);
        return succeeded(m.moved);
      });
    case "save": {
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
      return attempt(logger, "success story save", m.save, async () => {
        await db.transaction(async (tx) => {
          let saved;
          if (id) saved = await updateRecord(tx, admin, stories, id, values);
          else {
            // Spec §4: one more than the current maximum, 0 when there is none.
            const [highest] = await tx
              .select({ top: max(successStories.displayOrder) })
              .from(successStories);
            const displayOrder = highest?.top == null ? 0 : highest.top + 1;
            saved = await createRecord(tx, admin, stories, { ...values, displayOrder });
          }
          const image = saved.imageUrl ? { url: saved.imageUrl, alt: imageAlt } : null;
          await setUploadsUsedBy(tx, owner(saved.id), [image]);
        });
        return succeeded(id ? m.updated : m.created);
      });
    }
  }
}
