/**
 * The three collections /shop-now shows (spec: Apparel, Drinkware, Promotional Items), each the
 * catalogue's real categories it covers: no supplier names a category "Apparel", so a link to
 * `?category=Apparel` found nothing (issue 21, item 4). A category belongs to the first collection
 * whose keywords it contains (case-insensitive); every other category is apparel.
 */
export const COLLECTIONS = [
  {
    name: "Drinkware",
    text: "Tumblers, bottles and mugs that keep your logo on every desk.",
    keywords: ["drink", "mug", "tumbler", "bottle", "cup", "glass", "can cooler", "koozie"],
  },
  {
    name: "Promotional Items",
    text: "Bags, notebooks and giveaways for events and onboarding kits.",
    keywords: [
      "accessor",
      "bag",
      "tote",
      "backpack",
      "towel",
      "blanket",
      "promo",
      "novelt",
      "office",
      "notebook",
      "journal",
      "umbrella",
      "lanyard",
      "sticker",
      "keychain",
      "tech",
      "giveaway",
    ],
  },
  {
    name: "Apparel",
    text: "T-shirts, polos, fleece and outerwear from the brands your team already loves.",
    keywords: [],
  },
] as const;

export type CollectionName = (typeof COLLECTIONS)[number]["name"];
/** The order the page shows them in. */
export const COLLECTION_ORDER: CollectionName[] = ["Apparel", "Drinkware", "Promotional Items"];

export function collectionOf(category: string): CollectionName {
  const lower = category.toLowerCase();
  const match = COLLECTIONS.find((c) => c.keywords.some((k) => lower.includes(k)));
  return match?.name ?? "Apparel";
}

export interface Collection {
  name: CollectionName;
  text: string;
  products: number;
  /** The search of its categories; null when the collection has no products. */
  href: string | null;
}

// The search reads at most 30 categories (search.ts); the largest go first.
const MAX_CATEGORIES = 30;

/** Each collection with its product count and the search that shows exactly its products. */
export function buildCollections(categories: { value: string; count: number }[]): Collection[] {
  return COLLECTION_ORDER.map((name) => {
    const mine = categories
      .filter((c) => c.count > 0 && collectionOf(c.value) === name)
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
      .slice(0, MAX_CATEGORIES);
    const query = new URLSearchParams(mine.map((c) => ["category", c.value]));
    const products = mine.reduce((sum, c) => sum + c.count, 0);
    return {
      name,
      text: COLLECTIONS.find((c) => c.name === name)!.text,
      products,
      href: products > 0 ? `/product-search?${query}` : null,
    };
  });
}
