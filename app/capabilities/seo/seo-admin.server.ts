import type { AppLoadContext } from "react-router";
import { asc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { pageSeoSettings } from "~/platform/db/schema/index";
import {
  attempt,
  formIntent,
  parseIntent,
  recordId,
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
import { seoMessages as m } from "./messages";
import { seoForm } from "./seo-form";

const pages = { table: pageSeoSettings, entityType: "page_seo" };

/** By path, searched by path, name and title. */
export async function listPageSeo(db: Database, query: ListQuery) {
  return listPage(db, {
    table: pageSeoSettings,
    searchIn: [pageSeoSettings.pagePath, pageSeoSettings.pageName, pageSeoSettings.title],
    orderBy: [asc(pageSeoSettings.pagePath)],
    query,
  });
}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

/** The SEO Settings screen's action: save (create, or edit everything but the path) and delete. */
export async function seoAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent === "delete") {
    return attempt(logger, "SEO delete", m.delete, async () => {
      await deleteRecord(db, admin, pages, input.id);
      return succeeded(m.deleted);
    });
  }
  const parsed = seoForm.safeParse(input);
  if (!parsed.success) {
    return failed(input.id ? m.update : m.create, {
      fieldErrors: fieldErrorsOf(parsed.error.issues),
    });
  }
  const { id, pagePath, ...fields } = parsed.data;
  return attempt(
    logger,
    "SEO save",
    id ? m.update : m.create,
    async () => {
      // A record keeps the page it was made for: an edit never changes the path.
      if (id) await updateRecord(db, admin, pages, id, fields);
      else await createRecord(db, admin, pages, { pagePath: pagePath!, ...fields });
      return succeeded(id ? m.updated : m.created);
    },
    (error) =>
      error instanceof DuplicateRecordError
        ? failed(m.create, { fieldErrors: { pagePath: m.pathTaken } })
        : undefined,
  );
}
