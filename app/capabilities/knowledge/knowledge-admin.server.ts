import type { AppLoadContext } from "react-router";
import { type SQL, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import { knowledgeBase } from "~/platform/db/schema/index";
import {
  type FormResult,
  type ListQuery,
  type Page,
  RecordNotFoundError,
  attempt,
  containsPattern,
  createRecord,
  deleteRecord,
  failed,
  fieldErrorsOf,
  formIntent,
  listPage,
  parseIntent,
  recordId,
  succeeded,
  updateRecord,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import type { KnowledgeRow } from "./KnowledgeTable";
import { knowledgeForm } from "./knowledge-form";
import { type KnowledgeSource, knowledgeMessages as m } from "./messages";

/** What the screen reads, returns and audits: every column but the generated search vector. */
const entryColumns = {
  id: knowledgeBase.id,
  title: knowledgeBase.title,
  content: knowledgeBase.content,
  category: knowledgeBase.category,
  importance: knowledgeBase.importance,
  sourceUrl: knowledgeBase.sourceUrl,
  createdAt: knowledgeBase.createdAt,
  updatedAt: knowledgeBase.updatedAt,
};

const entryKind = { table: knowledgeBase, entityType: "knowledge_entry", columns: entryColumns };

const SOURCE_FILTERS: Record<KnowledgeSource, SQL> = {
  manual: isNull(knowledgeBase.sourceUrl),
  crawled: isNotNull(knowledgeBase.sourceUrl),
};

/**
 * Title and content, searched with the table's indexes: the full-text vector (title and
 * content, stemmed: "shipping" finds "ship") and the title's trigram index (part of a word).
 */
function searchEntries(q: string) {
  return or(
    sql`${knowledgeBase.searchVector} @@ websearch_to_tsquery('english', ${q})`,
    ilike(knowledgeBase.title, containsPattern(q)),
  );
}

/** Spec: by category, importance (highest first), title; written-here or crawled entries only. */
export async function listKnowledge(
  db: Database,
  query: ListQuery,
  source?: KnowledgeSource,
): Promise<Page<KnowledgeRow>> {
  const page = await listPage(db, {
    table: knowledgeBase,
    columns: entryColumns,
    searchIn: [knowledgeBase.title, knowledgeBase.content],
    search: searchEntries,
    where: source ? SOURCE_FILTERS[source] : undefined,
    orderBy: [
      asc(knowledgeBase.category),
      desc(knowledgeBase.importance),
      asc(knowledgeBase.title),
      asc(knowledgeBase.id),
    ],
    query,
  });
  return { ...page, rows: page.rows.map(toRow) };
}

function toRow(row: typeof knowledgeBase.$inferSelect): KnowledgeRow {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category: row.category,
    importance: row.importance,
    sourceUrl: row.sourceUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An edit of an entry the crawl wrote: the next crawl would silently undo it. */
class CrawledEntryError extends Error {}

const intents = z.discriminatedUnion("intent", [
  formIntent("save"),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

/** The Knowledge Base screen's action: save (create or edit) and delete, each audited. */
export async function knowledgeAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent === "delete") {
    return attempt(logger, "knowledge entry delete", m.delete, async () => {
      await deleteRecord(db, admin, entryKind, input.id);
      return succeeded(m.deleted);
    });
  }
  const parsed = knowledgeForm.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    return failed(parsed.error.issues[0]!.message, { fieldErrors });
  }
  const { id, ...values } = parsed.data;
  if (!id) {
    return attempt(logger, "knowledge entry create", m.create, async () => {
      await createRecord(db, admin, entryKind, { ...values, sourceUrl: null });
      return succeeded(m.created);
    });
  }
  return attempt(
    logger,
    "knowledge entry update",
    m.update,
    async () => {
      // An entry is crawled or hand-written for life (a crawl deletes and inserts, never
      // converts), so reading this before the locked update is enough.
      const [entry] = await db
        .select({ sourceUrl: knowledgeBase.sourceUrl })
        .from(knowledgeBase)
        .where(eq(knowledgeBase.id, id));
      if (!entry) throw new RecordNotFoundError();
      if (entry.sourceUrl !== null) throw new CrawledEntryError();
      await updateRecord(db, admin, entryKind, id, values);
      return succeeded(m.updated);
    },
    (error) => (error instanceof CrawledEntryError ? failed(m.crawledReadOnly) : undefined),
  );
}
