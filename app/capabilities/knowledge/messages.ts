/** The Knowledge Base screen's words (spec admin §5 and §8). */
export const knowledgeMessages = {
  load: "Failed to load knowledge base entries",
  create: "Failed to create knowledge base entry",
  update: "Failed to update knowledge base entry",
  delete: "Failed to delete knowledge base entry",
  confirmDelete: "Are you sure you want to delete this entry?",
  created: "Knowledge base entry created.",
  updated: "Knowledge base entry updated.",
  deleted: "Knowledge base entry deleted.",
  crawledReadOnly:
    "This entry comes from the website crawl and the next crawl replaces it: change the page on the website instead.",
  titleRequired: "Title is required",
  categoryRequired: "Category is required",
  categoryUnknown: "Choose one of the listed categories.",
  importanceRequired: "Importance is required",
  importanceMin: "Minimum value is 1",
  importanceMax: "Maximum value is 10",
  contentRequired: "Content is required",
  titleTooLong: "Keep the title under 200 characters.",
  contentTooLong: "Keep the content under 10,000 characters.",
};

/** Spec §3's eleven categories, in the order the list sorts them, with the names people read. */
export const KNOWLEDGE_CATEGORIES = [
  ["products", "Products"],
  ["pricing", "Pricing"],
  ["services", "Services"],
  ["company", "Company"],
  ["webstores", "Webstores"],
  ["bulk-orders", "Bulk Orders"],
  ["support", "Support"],
  ["policies", "Policies"],
  ["shipping", "Shipping"],
  ["returns", "Returns"],
  ["other", "Other"],
] as const;

export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number][0];

export const categoryName = (category: string) =>
  KNOWLEDGE_CATEGORIES.find(([value]) => value === category)?.[1] ?? category;

/** Where an entry came from: written on this screen, or made by the website crawl. */
export const KNOWLEDGE_SOURCES = [
  ["manual", "Written here"],
  ["crawled", "From website crawl"],
] as const;

export type KnowledgeSource = (typeof KNOWLEDGE_SOURCES)[number][0];

/** The source filter from `?source=…`; anything else lists both. */
export function knowledgeSourceOf(request: Request): KnowledgeSource | undefined {
  const value = new URL(request.url).searchParams.get("source");
  return KNOWLEDGE_SOURCES.find(([source]) => source === value)?.[0];
}

/** A running crawl's progress: pages fetched of pages found so far (issue 21), never "?". */
export function crawlProgressText(fetched: number, found: number): string {
  const known = Math.max(found, fetched, 1);
  return `${fetched} of ${known} ${known === 1 ? "page" : "pages"} fetched (${known} found so far)`;
}
