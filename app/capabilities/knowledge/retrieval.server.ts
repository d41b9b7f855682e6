import { sql } from "drizzle-orm";
import type { parseHTML } from "linkedom";
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

/** How far trigram similarity of the title counts, for misspellings and near-identical questions. */
const TRIGRAM_WEIGHT = 0.4;
/** How far `ts_rank` counts beside coverage: it orders passages that cover the question alike. */
const RANK_WEIGHT = 0.5;
/** A word of the question found only in a passage's body counts this much of one in its title. */
const BODY_SHARE = 0.6;
const MAX_QUERY_WORDS = 24;
/**
 * Words a visitor uses for what the site says in other words: "how long does it take to get our
 * order?" asks for the turnaround, which the FAQs give as "how quickly" and "how fast" (issue 21);
 * "how much is the Pro plan?" asks for its price.
 */
const ALSO: Record<string, string[]> = {
  long: ["quickly", "fast", "turnaround", "business", "day"],
  soon: ["quickly", "fast", "turnaround", "business", "day"],
  get: ["arrive"],
  receive: ["get", "arrive"],
  delivery: ["arrive", "ship"],
  much: ["cost", "price"],
  cost: ["price"],
  price: ["cost"],
  pay: ["cost", "price", "billed"],
  phone: ["call", "reach"],
};

/**
 * The passages that best answer `question`: knowledge entries (written and crawled), active FAQs
 * and the plans' live prices (../pricing), ranked together in one query by:
 *
 * - coverage: the share of the question's words (each with its ALSO words, stemmed by PostgreSQL's
 *   `english` configuration) that a passage contains, each word weighted by how rare it is among
 *   the candidates (inverse document frequency) and counting fully in the title, `BODY_SHARE` in
 *   the body. A passage that answers every part of the question beats one that repeats its
 *   commonest words: "how long does it take to get our order?" leads with the delivery FAQ
 *   (long→fast, get→arrive, order) rather than 'How long does it take to launch a store?'
 *   (long, take);
 * - `ts_rank` (titles weighing more), to order passages that cover the question alike;
 * - trigram similarity of the title, so a misspelt or near-identical question still matches.
 */
export async function retrievePassages(
  db: Database,
  question: string,
  options: { limit?: number } = {},
): Promise<Passage[]> {
  const limit = options.limit ?? 3;
  const asked = [
    ...new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1)),
  ].slice(0, MAX_QUERY_WORDS);
  const words = [...new Set(asked.flatMap((word) => [word, ...(ALSO[word] ?? [])]))].slice(
    0,
    MAX_QUERY_WORDS * 2,
  );
  if (!words.length) return [];
  // Only letters and digits reach to_tsquery, so no operator in the question can change its meaning.
  const tsquery = words.join(" | ");
  // One group per word asked: the word or any of its ALSO words.
  const groups = JSON.stringify(asked.map((word) => [word, ...(ALSO[word] ?? [])].join(" | ")));
  const text = question.slice(0, 500);
  const pricing = JSON.stringify(await pricingPassages(db));
  const result = await db.execute(sql`
    with q as (select to_tsquery('english', ${tsquery}) as query),
    groups as (
      -- Stop words ("how", "does", "our") leave an empty query and drop out; "order" and "orders" are one.
      select distinct to_tsquery('english', g) as query
      from jsonb_array_elements_text(${groups}::jsonb) as g
      where numnode(to_tsquery('english', g)) > 0
    ),
    candidates as (
      select 'knowledge' as kind, k.id::text as id, k.title, k.content as body, k.source_url as url,
        k.search_vector as vector, 1 + k.importance / 10.0 as boost
      from knowledge_base k, q
      where k.search_vector @@ q.query or k.title % ${text}
      union all
      select 'faq', f.id::text, f.question, f.answer, f.page::text, f.search_vector, 1
      from faqs f, q
      where f.is_active and (f.search_vector @@ q.query or f.question % ${text})
      union all
      select 'pricing', p.id, p.title, p.text, '/pricing', p.vector, 1
      from (
        select id, title, text,
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', text), 'B') as vector
        from jsonb_to_recordset(${pricing}::jsonb) as r(id text, title text, text text)
      ) p, q
      where p.vector @@ q.query or p.title % ${text}
    ),
    weights as (
      select g.query,
        ln(1 + (select count(*) from candidates)::float8 / (1 + count(c.id))) as idf
      from groups g left join candidates c on c.vector @@ g.query
      group by g.query
    ),
    scored as (
      select c.kind, c.id, c.title, c.body, c.url,
        coalesce((
          select sum(w.idf * w.found) / nullif(sum(w.idf), 0) + avg(w.found)
          from (
            select idf, case
                when ts_filter(c.vector, '{a}') @@ query then 1.0
                when c.vector @@ query then ${BODY_SHARE}::float8
                else 0 end as found
            from weights
          ) w
        ), 0) / 2 * c.boost
          + ${RANK_WEIGHT}::float8 * ts_rank(c.vector, q.query, 1) * c.boost
          + ${TRIGRAM_WEIGHT}::float8 * power(similarity(c.title, ${text}), 2) as score
      from candidates c, q
    )
    select kind, id, title, body, url, score from scored
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
  // Loaded with the first question, not with every server process (see crawlers.server.ts).
  const { parseHTML } = await import("linkedom");
  return rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    title: row.title,
    text: row.kind === "faq" ? htmlToText(parseHTML, row.body) : row.body,
    url: row.kind === "faq" ? (FAQ_PAGE_PATH[row.url ?? ""] ?? "/") : row.url,
    score: Number(row.score),
  }));
}

/** FAQ answers are short trusted HTML (<p>, <ul><li>, <strong>): keep the words, one line per block. */
function htmlToText(parse: typeof parseHTML, html: string) {
  const { document } = parse(`<!doctype html><html><body>${html}</body></html>`);
  const lines: string[] = [];
  for (const block of document.querySelectorAll("p, li")) {
    if (block.querySelector("p, li")) continue;
    const line = (block.textContent ?? "").replace(/\s+/g, " ").trim();
    if (line) lines.push(block.tagName === "LI" ? `• ${line}` : line);
  }
  return lines.length ? lines.join("\n") : (document.body.textContent ?? "").trim();
}
