import { asc } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import {
  DuplicateRecordError,
  type ListQuery,
  failed,
  listPage,
  recordScreenAction,
} from "~/platform/admin-kit/kit.server";
import { seoMessages as m } from "./messages";
import { seoForm } from "./seo-form";

const pages = { table: pageSeoSettings, entityType: "page_seo", name: "SEO" };

/** By path, searched by path, name and title. */
export async function listPageSeo(db: Database, query: ListQuery) {
  return listPage(db, {
    table: pageSeoSettings,
    searchIn: [pageSeoSettings.pagePath, pageSeoSettings.pageName, pageSeoSettings.title],
    orderBy: [asc(pageSeoSettings.pagePath)],
    query,
  });
}

/** The SEO Settings screen's action: save (create, or edit everything but the path) and delete. */
export const seoAction = recordScreenAction(pages, {
  form: seoForm,
  messages: m,
  invalidMessage: (input) => (input.id ? m.update : m.create),
  // A record keeps the page it was made for: an edit never changes the path.
  save: ({ id, pagePath, ...fields }) => ({
    id,
    changes: fields,
    created: { pagePath: pagePath!, ...fields },
    failure: id ? m.update : m.create,
    messages: m,
    known: (error) =>
      error instanceof DuplicateRecordError
        ? failed(m.create, { fieldErrors: { pagePath: m.pathTaken } })
        : undefined,
  }),
});
