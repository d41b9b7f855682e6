import { asc } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { successStories } from "~/platform/db/schema/index";
import {
  type ListQuery,
  type OrderedList,
  listPage,
  nextPosition,
  orderedListScreenAction,
  withImageAlts,
} from "~/platform/admin-kit/kit.server";
import { storyMessages as m } from "./messages";
import { storyForm } from "./story-form";

const stories: OrderedList<typeof successStories> = {
  table: successStories,
  entityType: "success_story",
  name: "success story",
  orderColumn: successStories.displayOrder,
  activeKey: "isActive",
  label: (row) => ({ title: row.title }),
  image: { url: "imageUrl", uploadId: "imageUploadId" },
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
  return { ...page, rows: await withImageAlts(db, page.rows, "imageUploadId", "imageAlt") };
}

/** The Success Stories screen's action: save (create or edit), delete, the switch and moves. */
export const storyAction = orderedListScreenAction(stories, {
  form: storyForm,
  invalidTitle: (message) => (message === m.required ? m.validationTitle : undefined),
  save: ({ id, imageAlt, ...values }) => ({
    id,
    values,
    imageAlt,
    place: async (tx) => ({
      displayOrder: await nextPosition(tx, successStories, successStories.displayOrder),
    }),
  }),
});
