import { PRICE_MAX, type SearchParams, parseSearchParams } from "./search";
import { dollarsToCents, formatUsd } from "~/platform/lib/money";

/** What a prompt asks for, in search terms. */
export interface Intent {
  query: string;
  categories: string[];
  brands: string[];
  colors: string[];
  maxPrice?: number;
}

const STOP_WORDS = new Set(
  "a an and any are as at be best but by can could do for from get give good great have i id ill im in is it its looking me my need nice of on one or our please recommend recommendations show some something that the them these this to under up us want we with would you your some few cheap cheaper budget less than around about each per piece dollars dollar usd team teams event events company our".split(
    " ",
  ),
);

// Everyday words for the catalogue's categories, matched against real category names by part.
const CATEGORY_WORDS: [RegExp, string[]][] = [
  [/\b(t-?shirts?|tees?)\b/i, ["t-shirt"]],
  [/\b(hoodies?|hoody|hoodys|hooded|sweatshirts?|crewnecks?|fleece)\b/i, ["sweatshirt", "fleece"]],
  [/\b(polos?)\b/i, ["polo"]],
  [/\b(jackets?|coats?|outerwear|vests?)\b/i, ["outerwear"]],
  [/\b(hats?|caps?|beanies?|headwear)\b/i, ["headwear"]],
  [/\b(bags?|totes?|backpacks?)\b/i, ["bag"]],
  [/\b(pants|joggers?|sweatpants|trousers)\b/i, ["pant"]],
  [/\b(shorts)\b/i, ["short"]],
  [/\b(tanks?|tank tops?)\b/i, ["tank"]],
  [/\b(long sleeves?|long-sleeve)\b/i, ["long sleeve"]],
  [/\b(workwear|work wear|safety)\b/i, ["workwear"]],
  [/\b(performance|athletic|moisture[- ]wicking|running|gym)\b/i, ["performance"]],
  [/\b(kids?|youth|children)\b/i, ["youth"]],
  [/\b(towels?|blankets?|accessories)\b/i, ["accessor"]],
];

const BUDGET =
  /(?:under|below|less than|max(?:imum)?|up to|within|budget(?: of)?|no more than|at most)\s*\$?\s*(\d{1,4}(?:\.\d{1,2})?)|\$\s*(\d{1,4}(?:\.\d{1,2})?)/i;

/** The keyword path: budget, colours, categories and brands from the prompt, the rest as words. */
export function extractIntent(
  prompt: string,
  known: { categories: string[]; brands: string[]; colors: string[] },
): Intent {
  let rest = ` ${prompt.toLowerCase()} `;
  let maxPrice: number | undefined;
  const budget = BUDGET.exec(rest);
  if (budget) {
    maxPrice = Math.min(PRICE_MAX, Math.ceil(Number(budget[1] ?? budget[2])));
    rest = rest.replace(budget[0], " ");
  }
  const colors = known.colors.filter((color) => {
    const hit = new RegExp(`\\b${escape(color.toLowerCase())}\\b`).test(rest);
    if (hit) rest = rest.replace(new RegExp(`\\b${escape(color.toLowerCase())}\\b`, "g"), " ");
    return hit;
  });
  const categories = new Set<string>();
  for (const [pattern, parts] of CATEGORY_WORDS) {
    if (!pattern.test(rest)) continue;
    rest = rest.replace(new RegExp(pattern.source, "gi"), " ");
    for (const category of known.categories) {
      if (parts.some((p) => category.toLowerCase().includes(p))) categories.add(category);
    }
  }
  const brands = known.brands.filter((brand) => {
    const hit = rest.includes(brand.toLowerCase());
    if (hit) rest = rest.replace(brand.toLowerCase(), " ");
    return hit;
  });
  const query = rest
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length >= 3 && !STOP_WORDS.has(w) && !/^\d+$/.test(w))
    .slice(0, 4)
    .join(" ");
  return { query, categories: [...categories], brands, colors, maxPrice };
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function intentToSearch(intent: Intent): SearchParams {
  return {
    ...parseSearchParams(new URLSearchParams()),
    q: intent.query,
    categories: intent.categories,
    brands: intent.brands,
    colors: intent.colors,
    maxPrice: intent.maxPrice ?? PRICE_MAX,
  };
}

/** The one-line reason for a keyword-path pick: what of the request it meets. */
export function keywordReason(
  intent: Intent,
  product: { name: string; brand: string; category: string; colors: string[]; price: number },
) {
  const parts: string[] = [];
  const colors = intent.colors.filter((c) => product.colors.includes(c));
  if (colors.length) parts.push(`comes in ${colors.join(" and ")}`);
  if (intent.categories.includes(product.category)) parts.push(`is one of our ${product.category}`);
  if (intent.brands.includes(product.brand)) parts.push(`is made by ${product.brand}`);
  if (intent.maxPrice !== undefined && product.price <= intent.maxPrice)
    parts.push(
      `fits your ${formatUsd(dollarsToCents(intent.maxPrice))} budget at ${formatUsd(dollarsToCents(product.price), { cents: true })}`,
    );
  if (!parts.length)
    return `A popular ${product.category.toLowerCase()} pick from ${product.brand}.`;
  const sentence = `The ${product.brand} ${product.name} ${parts.join(", ")}.`;
  return sentence;
}
