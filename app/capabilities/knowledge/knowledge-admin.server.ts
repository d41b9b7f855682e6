import { type SQL, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { knowledgeBase } from "~/platform/db/schema/index";
import {
  type ListQuery,
  type Page,
  RecordNotFoundError,
  containsPattern,
  failed,
  listPage,
  recordScreenAction,
} from "~/platform/admin-kit/kit.server";
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

const entryKind = {
  table: knowledgeBase,
  entityType: "knowledge_entry",
  name: "knowledge entry",
  columns: entryColumns,
};

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

/** The Knowledge Base screen's action: save (create or edit) and delete, each audited. */
export const knowledgeAction = recordScreenAction(entryKind, {
  form: knowledgeForm,
  messages: m,
  save: ({ id, ...values }, { db }) => ({
    id,
    changes: values,
    created: { ...values, sourceUrl: null },
    failure: id ? m.update : m.create,
    messages: m,
    // An entry is crawled or hand-written for life (a crawl deletes and inserts, never
    // converts), so reading this before the locked update is enough.
    checkEdit: async (entryId) => {
      const [entry] = await db
        .select({ sourceUrl: knowledgeBase.sourceUrl })
        .from(knowledgeBase)
        .where(eq(knowledgeBase.id, entryId));
      if (!entry) throw new RecordNotFoundError();
      if (entry.sourceUrl !== null) throw new CrawledEntryError();
    },
    known: (error) => (error instanceof CrawledEntryError ? failed(m.crawledReadOnly) : undefined),
  }),
});
