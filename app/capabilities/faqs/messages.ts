/** The FAQs screen's words (spec §5 and §8). */
export const faqMessages = {
  fetch: "Failed to fetch FAQs",
  save: "Failed to save FAQ",
  delete: "Failed to delete FAQ",
  status: "Failed to update FAQ status",
  move: "Failed to save FAQ",
  confirmDelete: "Are you sure you want to delete this FAQ?",
  created: "FAQ created.",
  updated: "FAQ updated.",
  deleted: "FAQ deleted.",
  activated: "FAQ activated.",
  deactivated: "FAQ deactivated.",
  moved: "FAQ moved.",
};

/** The pages an FAQ can appear on (spec §3), with the names people know them by. */
export const FAQ_PAGES = [
  ["index", "Home"],
  ["about", "About"],
  ["webstores", "Webstores"],
  ["bulk-orders", "Bulk Orders"],
  ["contact", "Contact"],
  ["pricing", "Pricing"],
] as const;

export type FaqPageName = (typeof FAQ_PAGES)[number][0];

/** The page a list filter names (`?shownOn=webstores`), or undefined for all pages. */
export function faqPageOf(value: string | null): FaqPageName | undefined {
  return FAQ_PAGES.find(([page]) => page === value)?.[0];
}
