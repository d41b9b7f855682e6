import type { AppLoadContext } from "react-router";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/platform/db/client.server";
import { brandLogos, faqs, successStories } from "~/platform/db/schema/index";
import { builtInBrands } from "~/capabilities/brand-logos/seed";
import { FaqSection } from "~/capabilities/faqs/FaqSection";
import { SuccessStoriesCarousel } from "~/capabilities/success-stories/SuccessStoriesCarousel";
import { loader as bulkOrdersLoader } from "~/routes/site/bulk-orders";
import { loader as homeLoader } from "~/routes/site/home";
import { loader as webstoresLoader } from "~/routes/site/webstores";
import { expectConsoleErrors } from "../support/fail-on-console-error";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let context: AppLoadContext;
let brokenContext: AppLoadContext;

/** A database whose every read fails, as when the connection drops mid-request. */
function unreachable(db: Database): Database {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "select") {
        return () => {
          throw new Error("connection terminated unexpectedly");
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  brokenContext = { ...context, db: unreachable(database.db) };
});
afterAll(() => database.destroy());

const args = (ctx: AppLoadContext, pathname: string) =>
  ({ request: new Request(`http://localhost${pathname}`), context: ctx, params: {} }) as never;

describe("the home page's content", () => {
  it("reads the active index FAQs and success stories in display order", async () => {
    const data = await homeLoader(args(context, "/"));
    expect(data.faqs.ok).toBe(true);
    expect(data.faqs.items[0]?.question).toBe("What does Merch Simplified do?");
    expect(data.stories.ok).toBe(true);
    expect(data.stories.items.map((s) => s.companyName)).toEqual([
      "Ridgeline Health Partners",
      "Maple Creek Local Schools",
      "Brightwater Precision Components",
      "Fairhaven Community Credit Union",
    ]);
  });

  it("leaves out inactive FAQs and those of other pages", async () => {
    await database.db.insert(faqs).values([
      {
        page: "index",
        question: "Hidden draft question?",
        answer: "<p>Draft</p>",
        isActive: false,
      },
      { page: "pricing", question: "A pricing question?", answer: "<p>Pricing</p>" },
    ]);
    const data = await homeLoader(args(context, "/"));
    const questions = data.faqs.items.map((f) => f.question);
    expect(questions).not.toContain("Hidden draft question?");
    expect(questions).not.toContain("A pricing question?");
  });

  it("strips scripts and event handlers from an admin-written answer", async () => {
    await database.db.insert(faqs).values({
      page: "index",
      question: "Do you ship to Canada?",
      answer: '<p onclick="steal()">Yes.</p><script>alert(1)</script>',
      displayOrder: 99,
    });
    const data = await homeLoader(args(context, "/"));
    const answer = data.faqs.items.find((f) => f.question === "Do you ship to Canada?")?.answer;
    expect(answer).toBe("<p>Yes.</p>");
  });

  it("returns the failure states instead of throwing when the database cannot be read", async () => {
    expectConsoleErrors(2);
    const data = await homeLoader(args(brokenContext, "/"));
    expect(data.faqs).toEqual({ ok: false, items: [] });
    expect(data.stories).toEqual({ ok: false, items: [] });
  });
});

describe("the webstores page's content", () => {
  it("reads the webstore FAQs, the client stores and the plan prices", async () => {
    const data = await webstoresLoader(args(context, "/webstores"));
    expect(data.faqs.items.length).toBeGreaterThan(0);
    expect(data.examples.items).toHaveLength(4);
    expect(data.examples.items[0]).toMatchObject({
      headerText: "Employee Appreciation Store",
      companyName: "Ridgeline Health Partners",
    });
    expect(data.prices.find((p) => p.name === "core")?.annualPriceCents).toBe(18_000);
  });

  it("reports each failed read so the page can show its message", async () => {
    expectConsoleErrors(3);
    const data = await webstoresLoader(args(brokenContext, "/webstores"));
    expect(data.faqs.ok).toBe(false);
    expect(data.examples.ok).toBe(false);
    expect(data.prices).toEqual([]);
  });
});

describe("the bulk-orders brand logos", () => {
  it("lists the active brands by order index", async () => {
    // Two brands of this test's own beside the seeded eight: one retired, one added last.
    await database.db.insert(brandLogos).values([
      { name: "Retired Brand", active: false, orderIndex: 0 },
      { name: "Added Brand", active: true, orderIndex: 999 },
    ]);
    const { brands } = await bulkOrdersLoader(args(context, "/bulk-orders"));
    expect(brands.map((b) => b.name)).toEqual([
      ...builtInBrands.map((b) => b.name),
      "Added Brand",
    ]);
  });

  it("falls back to the eight built-in brands when the read fails", async () => {
    expectConsoleErrors(2);
    const { brands } = await bulkOrdersLoader(args(brokenContext, "/bulk-orders"));
    expect(brands).toHaveLength(8);
    expect(brands).toEqual(builtInBrands);
  });

  it("comes with the bulk-orders FAQs", async () => {
    const { faqs: bulkFaqs } = await bulkOrdersLoader(args(context, "/bulk-orders"));
    expect(bulkFaqs.ok).toBe(true);
    expect(bulkFaqs.items.length).toBeGreaterThan(0);
  });
});

describe("the content sections' states, as rendered on the server", () => {
  it("hides the FAQ section when a page has no questions", () => {
    expect(renderToString(createElement(FaqSection, { faqs: { ok: true, items: [] } }))).toBe("");
  });

  it("says 'Failed to load frequently asked questions' when the read failed", () => {
    const html = renderToString(createElement(FaqSection, { faqs: { ok: false, items: [] } }));
    expect(html).toContain("Failed to load frequently asked questions");
  });

  it("renders each answer's HTML", async () => {
    const data = await homeLoader(args(context, "/"));
    const html = renderToString(createElement(FaqSection, { faqs: data.faqs }));
    expect(html).toContain("<strong>No minimums.</strong>");
  });

  it("says 'Failed to load success stories' when the read failed", () => {
    const html = renderToString(
      createElement(SuccessStoriesCarousel, { stories: { ok: false, items: [] } }),
    );
    expect(html).toContain("Failed to load success stories");
  });

  it("shows only active stories", async () => {
    await database.db.insert(successStories).values({
      title: "A retired story",
      companyName: "Retired Story Company",
      description: "No longer shown.",
      isActive: false,
    });
    const data = await homeLoader(args(context, "/"));
    const shown = data.stories.items.map((s) => s.companyName);
    expect(shown).not.toContain("Retired Story Company");
    expect(shown).toContain("Maple Creek Local Schools");
  });
});
