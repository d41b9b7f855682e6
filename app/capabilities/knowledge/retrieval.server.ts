import { sql } from "drizzle-orm";
import { parseHTML } from "linkedom";
import type { Database } from "~/platform/db/client.server";
import { CONTACT_HREF } from "~/platform/shell/contact";
import { pricingPassages } from "~/capabilities/pricing/public.server";

export interface Passage {
  kind: "knowledge" | "faq" | "pricing";
  id: string;
  title: string;
  /** Plain text (FAQ answers are stripped of their HTML). */
  text: string;
  /** Where a visitor reads it: the crawled page, or the page that shows the FAQ. */
  url: string | null;
  score: number;
}

const FAQ_PAGE_PATH: Record<string, string> = {
  index: "/#faq",
  about: "/about#faq",
  webstores: "/webstores#faq",
  "bulk-orders": "/bulk-orders#faq",
  pricing: "/pricing",
  contact: CONTACT_HREF,
};

/** How far trigram similarity counts beside full-text rank; tuned on the evaluation set. */
const TRIGRAM_WEIGHT = 0.4;
const MAX_QUERY_WORDS = 24;
/**
 * Words a visitor uses for what the site says in other words: "how long does it take to get our
 * order?" asks for the turnaround, which the FAQs give as "how quickly" and "how fast" (issue 21).
 */
const ALSO: Record<string, string[]> = {
  long: ["quickly", "fast", "turnaround", "business", "day"],
  soon: ["quickly", "fast", "turnaround", "business", "day"],
  get: ["arrive"],
  receive: ["get", "arrive"],
  delivery: ["arrive", "ship"],
};

/**
 * The passages that best answer `question`: knowledge entries, active FAQs and the plans' live
 * prices (../pricing), ranked by
 * full-text match (any of the question's words, stemmed, titles weighing more) plus trigram
 * similarity of the title for misspellings and near misses.
 */
export async function retrievePassages(
  db: Database,
  question: string,
  options: { limit?: number } = {},
): Promise<Passage[]> {
  const limit = options.limit ?? 3;
  const asked = (question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1);
  const words = [...new Set(asked.flatMap((word) => [word, ...(ALSO[word] ?? [])]))].slice(
    0,
    MAX_QUERY_WORDS,
  );
  if (!words.length) return [];
  // Only letters and digits reach to_tsquery, so no operator in the question can change its meaning.
  const tsquery = words.join(" | ");
  const text = question.slice(0, 500);
  const pricing = JSON.stringify(await pricingPassages(db));
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${tsquery}) as query)
    select kind, id, title, body, url, score from (
      select 'knowledge' as kind, k.id::text as id, k.title, k.content as body, k.source_url as url,
        ts_rank(k.search_vector, q.query, 1) * (1 + k.importance / 10.0)
          + ${TRIGRAM_WEIGHT} * similarity(k.title, ${text}) as score
      from knowledge_base k, q
      where k.search_vector @@ q.query or k.title % ${text}
      union all
      select 'faq', f.id::text, f.question, f.answer, f.page::text,
        ts_rank(f.search_vector, q.query, 1) + ${TRIGRAM_WEIGHT} * similarity(f.question, ${text})
      from faqs f, q
      where f.is_active and (f.search_vector @@ q.query or f.question % ${text})
      union all
      select 'pricing', p.id, p.title, p.text, '/pricing',
        ts_rank(p.vector, q.query, 1) + ${TRIGRAM_WEIGHT} * similarity(p.title, ${text})
      from (
        select id, title, text,
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'B') as vector
        from jsonb_to_recordset(${pricing}::jsonb) as r(id text, title text, text text)
      ) p, q
      where p.vector @@ q.query or p.title % ${text}
    ) candidates
    order by score desc, title
    limit ${limit}
  `);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    kind: Passage["kind"];
    id: string;
    title: string;
    body: string;
    url: string | null;
    score: number | string;
  }[];
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    text: row.kind === "faq" ? htmlToText(row.body) : row.body,
    url: row.kind === "faq" ? (FAQ_PAGE_PATH[row.url ?? ""] ?? "/") : row.url,
    score: Number(row.score),
  }));
}

/** FAQ answers are short trusted HTML (<p>, <ul><li>, <strong>): keep the words, one line per block. */
function htmlToText(html: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const lines: string[] = [];
  for (const block of document.querySelectorAll("p, li")) {
    if (block.querySelector("p, li")) continue;
    const line = (block.textContent ?? "").replace(/\s+/g, " ").trim();
    if (line) lines.push(block.tagName === "LI" ? `• ${line}` : line);
  }
  return lines.length ? lines.join("\n") : (document.body.textContent ?? "").trim();
}
