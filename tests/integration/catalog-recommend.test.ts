import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSampleCatalogueIfEmpty } from "~/capabilities/catalog/catalog.server";
import { productSearchPage } from "~/capabilities/catalog/page.server";
import { recommendProducts } from "~/capabilities/catalog/recommend.server";
import { createChatModel } from "~/platform/llm/openai.server";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { startFakeOpenAI } from "../fakes/openai";

let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await loadSampleCatalogueIfEmpty(database.db);
  fake = await startFakeOpenAI({ apiKey: "sk-test" });
});
afterAll(async () => {
  await fake.close();
  await database.destroy();
});

const model = (timeoutMs = 2_000) =>
  createChatModel({ baseUrl: fake.baseUrl, apiKey: "sk-test", model: "fake-1", timeoutMs });

describe("AI recommendations", () => {
  it("without a model, extracts colour, category and budget and answers with real products within a second", async () => {
    const started = performance.now();
    const result = await recommendProducts(database.db, "Navy hoodies under $25 for our team");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(result.via).toBe("keywords");
    expect(result.recommendations.length).toBeGreaterThan(0);
    for (const { product, reason } of result.recommendations) {
      expect(product.category).toMatch(/Sweatshirts|Fleece/);
      expect(product.colors).toContain("Navy");
      expect(product.price).toBeLessThanOrEqual(25);
      expect(reason).toMatch(/Navy/);
    }
  });

  it("with a model, uses its filters and its picks among the real search results", async () => {
    let candidateIds: string[] = [];
    fake.set({
      kind: "answer",
      content: (body) => {
        const system = body.messages[0]!.content;
        if (system.startsWith("You turn")) {
          return JSON.stringify({
            query: "",
            categories: ["Headwear"],
            brands: [],
            colors: ["Black"],
            maxPrice: 10,
          });
        }
        candidateIds = [...body.messages[1]!.content.matchAll(/^([0-9a-f-]{36}) \|/gm)].map(
          (m) => m[1]!,
        );
        return JSON.stringify({
          picks: [
            { id: candidateIds[0], reason: "A black cap that fits the budget." },
            { id: "invented-product", reason: "Does not exist." },
          ],
        });
      },
    });
    const result = await recommendProducts(
      database.db,
      "something black for the head, cheap",
      model(),
    );
    expect(result.via).toBe("model");
    expect(candidateIds.length).toBeGreaterThan(0);
    expect(result.recommendations).toHaveLength(1);
    expect(result.recommendations[0]).toMatchObject({
      reason: "A black cap that fits the budget.",
      product: { id: candidateIds[0], category: "Headwear" },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      model: "fake-1",
      authorization: "Bearer sk-test",
    });
  });

  it("falls back to keywords when the model answers garbage", async () => {
    fake.set({ kind: "garbage" });
    const errors: unknown[] = [];
    const result = await recommendProducts(database.db, "red polos", model(), (e) =>
      errors.push(e),
    );
    expect(result.via).toBe("keywords");
    expect(errors).toHaveLength(1);
    expect(result.recommendations.every((r) => /Polos/.test(r.product.category))).toBe(true);
  });

  it("falls back to keywords when the model times out", async () => {
    fake.set({ kind: "timeout" });
    const started = performance.now();
    const result = await recommendProducts(database.db, "gildan t-shirts", model(300));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.via).toBe("keywords");
    expect(result.recommendations.some((r) => r.product.brand === "Gildan")).toBe(true);
  });

  it("the product search page asks the model the server was configured with, and says so", async () => {
    fake.set({
      kind: "answer",
      content: (body) => {
        if (body.messages[0]!.content.startsWith("You turn")) {
          return JSON.stringify({ query: "", categories: ["Headwear"], brands: [], colors: [] });
        }
        const [first] = body.messages[1]!.content.match(/^[0-9a-f-]{36}(?= \|)/m) ?? [];
        return JSON.stringify({ picks: [{ id: first, reason: "A cap." }] });
      },
    });
    const url = new URLSearchParams({ tab: "ai", prompt: "a cap" });
    const configured = createTestContext(database.db, {
      env: { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: "fake-1", LLM_API_KEY: "sk-test" },
    });
    const requestsBefore = fake.requests.length;
    const withModel = await productSearchPage(configured, url);
    expect(withModel).toMatchObject({ aiModel: true, ai: { via: "model" } });
    expect(fake.requests.length).toBeGreaterThan(requestsBefore);

    const bare = createTestContext(database.db, { services: { llm: undefined } });
    const withoutModel = await productSearchPage(bare, url);
    expect(withoutModel).toMatchObject({ aiModel: false, ai: { via: "keywords" } });
  });

  it("streams a model's answer piece by piece", async () => {
    fake.set({ kind: "answer", content: () => "We print on Gildan 5000 tees every day." });
    const pieces: string[] = [];
    for await (const piece of model().stream([{ role: "user", content: "hi" }])) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe("We print on Gildan 5000 tees every day.");
  });
});
