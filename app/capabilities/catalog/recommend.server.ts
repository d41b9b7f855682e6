import { z } from "zod";
import type { Database } from "~/platform/db/client.server";
import type { ChatModel } from "~/platform/llm/chat-model";
import { type Intent, extractIntent, intentToSearch, keywordReason } from "./recommend";
import { PRICE_MAX } from "./search";
import { type ProductCard, filterOptions, searchProducts } from "./search.server";
import type { SearchColumnsHolder } from "./search-columns.server";
import { dollarsToCents, formatUsd } from "~/platform/lib/money";

export const RECOMMENDATION_COUNT = 6;
const CANDIDATES = 20;

export interface Recommendation {
  product: ProductCard;
  reason: string;
}

export interface RecommendationResult {
  recommendations: Recommendation[];
  /** Which path answered: the model, or the keyword extraction (no model, or it failed). */
  via: "model" | "keywords";
}

const intentSchema = z.object({
  query: z.string().max(200).catch(""),
  categories: z.array(z.string()).max(10).catch([]),
  brands: z.array(z.string()).max(10).catch([]),
  colors: z.array(z.string()).max(10).catch([]),
  maxPrice: z.number().positive().nullable().optional().catch(undefined),
});

const picksSchema = z.object({
  picks: z
    .array(z.object({ id: z.string(), reason: z.string().trim().min(1).max(300) }))
    .min(1)
    .max(RECOMMENDATION_COUNT),
});

function parseJson(text: string) {
  const match = /\{[\s\S]*\}/.exec(text);
  if (!match) throw new Error("no JSON object in the answer");
  return JSON.parse(match[0]) as unknown;
}

/** Runs the search for an intent, loosening it step by step until something real comes back. */
async function candidatesFor(db: Database, intent: Intent, memory?: SearchColumnsHolder) {
  const attempts: Intent[] = [
    intent,
    { ...intent, query: "" },
    { ...intent, query: "", colors: [] },
    { ...intent, query: "", colors: [], brands: [] },
  ];
  for (const attempt of attempts) {
    const result = await searchProducts(db, intentToSearch(attempt), memory);
    if (result.products.length)
      return { intent: attempt, products: result.products.slice(0, CANDIDATES) };
  }
  return { intent, products: [] };
}

/**
 * 'AI Recommendations': the prompt becomes search filters, and the answer is always real catalogue
 * products. With a model configured it reads the prompt and picks among the search results; without
 * one, or when it times out or answers nonsense, keyword extraction answers instead.
 */
export async function recommendProducts(
  db: Database,
  prompt: string,
  model?: ChatModel,
  onModelError?: (error: unknown) => void,
  /** This database's in-memory search columns (`services.catalogSearch`). */
  memory?: SearchColumnsHolder,
): Promise<RecommendationResult> {
  const options = await filterOptions(db, memory);
  const known = {
    categories: options.categories.map((c) => c.value),
    brands: options.brands,
    colors: options.colors,
  };
  if (model) {
    try {
      return await viaModel(db, prompt, model, known, memory);
    } catch (error) {
      onModelError?.(error);
    }
  }
  const intent = extractIntent(prompt, known);
  const { intent: used, products } = await candidatesFor(db, intent, memory);
  return {
    via: "keywords",
    recommendations: products
      .slice(0, RECOMMENDATION_COUNT)
      .map((product) => ({ product, reason: keywordReason(used, product) })),
  };
}

async function viaModel(
  db: Database,
  prompt: string,
  model: ChatModel,
  known: { categories: string[]; brands: string[]; colors: string[] },
  memory: SearchColumnsHolder | undefined,
): Promise<RecommendationResult> {
  const intentAnswer = await model.complete(
    [
      {
        role: "system",
        content: `You turn a customer's request for branded merchandise into catalogue search filters. Answer only with a JSON object {"query": string of 1-4 product words, "categories": string[], "brands": string[], "colors": string[], "maxPrice": number or null}. Use only these categories: ${known.categories.join(", ")}. Brands: ${known.brands.join(", ")}. Colours: ${known.colors.join(", ")}.`,
      },
      { role: "user", content: prompt },
    ],
    { json: true },
  );
  const raw = intentSchema.parse(parseJson(intentAnswer));
  const only = (values: string[], allowed: string[]) =>
    values
      .filter((v) => allowed.some((a) => a.toLowerCase() === v.toLowerCase()))
      .map((v) => allowed.find((a) => a.toLowerCase() === v.toLowerCase())!);
  const intent: Intent = {
    query: raw.query,
    categories: only(raw.categories, known.categories),
    brands: only(raw.brands, known.brands),
    colors: only(raw.colors, known.colors),
    maxPrice: raw.maxPrice ? Math.min(PRICE_MAX, Math.ceil(raw.maxPrice)) : undefined,
  };
  const { products } = await candidatesFor(db, intent, memory);
  if (!products.length) return { via: "model", recommendations: [] };
  const pickAnswer = await model.complete(
    [
      {
        role: "system",
        content: `Pick up to ${RECOMMENDATION_COUNT} products for the customer from the list, best first, and give each a one-sentence reason. Answer only with JSON {"picks": [{"id": string, "reason": string}]}, using ids from the list only.`,
      },
      {
        role: "user",
        content: `Request: ${prompt}\n\nProducts:\n${products
          .map(
            (p) =>
              `${p.id} | ${p.brand} ${p.styleNumber} ${p.name} | ${p.category} | ${formatUsd(dollarsToCents(p.price), { cents: true })} | ${p.colors.slice(0, 8).join(", ")}`,
          )
          .join("\n")}`,
      },
    ],
    { json: true },
  );
  const picks = picksSchema.parse(parseJson(pickAnswer)).picks;
  const byId = new Map(products.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const recommendations = picks.flatMap((pick) => {
    const product = byId.get(pick.id);
    // Never an invented product: ids outside the search results are dropped.
    if (!product || seen.has(pick.id)) return [];
    seen.add(pick.id);
    return [{ product, reason: pick.reason }];
  });
  if (!recommendations.length) throw new Error("the model picked no product from the list");
  return { via: "model", recommendations };
}
