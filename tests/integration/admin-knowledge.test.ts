import { and, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, knowledgeBase } from "~/platform/db/schema/index";
import { readContentVersion } from "~/platform/content/content-version.server";
import { replaceSiteKnowledge } from "~/capabilities/knowledge/knowledge.server";
import type { KnowledgeRow } from "~/capabilities/knowledge/KnowledgeTable";
import * as screen from "~/routes/admin/knowledge-base";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { expectConsoleErrors } from "../support/fail-on-console-error";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
  context = createTestContext(database.db);
  await createAccount(context, "editor@example.com", "admin");
  cookie = await signIn(context, "editor@example.com");
});
afterAll(() => database.destroy());
// Every test starts from an empty knowledge base and writes the entries it reads.
beforeEach(async () => {
  await database.db.delete(knowledgeBase);
});

const url = "/admin/knowledge-base";
type Answer = {
  ok: boolean;
  toast?: { title: string; description: string; variant?: string };
  fieldErrors?: Record<string, string>;
};

async function list(query = "") {
  const { data } = await outcome<{ entries: { rows: KnowledgeRow[]; total: number } | null }>(() =>
    screen.loader({
      request: browserRequest(context, `${url}${query}`, { cookie }),
      context,
      params: {},
    } as never),
  );
  return data.entries!;
}
const titles = async (query = "") => (await list(query)).rows.map((row) => row.title);

async function post(form: Record<string, string>) {
  return outcome<Answer>(() =>
    screen.action({
      request: browserRequest(context, url, { cookie, form }),
      context,
      params: {},
    } as never),
  );
}

const entry = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Turnaround times",
  category: "shipping",
  importance: "7",
  content: "Most orders ship within ten business days of proof approval.",
  ...overrides,
});

/** Six entries written here, in three categories (two pricing entries share importance 4). */
const six = [
  entry(),
  entry({
    title: "Gift codes",
    category: "pricing",
    importance: "1",
    content: "Gift codes work at checkout.",
  }),
  entry({
    title: "Minimums",
    category: "pricing",
    importance: "4",
    content: "There is no minimum order.",
  }),
  entry({
    title: "Embroidery",
    category: "products",
    importance: "3",
    content: "We stitch logos on caps and polos.",
  }),
  entry({
    title: "Bulk pricing",
    category: "pricing",
    importance: "4",
    content: "Larger runs cost less per piece.",
  }),
  entry({ title: "Anything else", category: "other", importance: "10", content: "Ask us." }),
];
async function given(...forms: Record<string, string>[]) {
  for (const form of forms) {
    const answer = await post(form);
    if (!answer.data.ok)
      throw new Error(`could not save ${form.title}: ${JSON.stringify(answer.data)}`);
  }
}

const byTitle = async (title: string) =>
  (await database.db.select().from(knowledgeBase).where(eq(knowledgeBase.title, title)))[0];

async function auditsOf(entityId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "knowledge_entry"), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

describe("Knowledge Base: validation", () => {
  it("names every missing field with the spec's message, and saves nothing", async () => {
    const answer = await post({
      intent: "save",
      title: " ",
      category: "",
      importance: "",
      content: "",
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { title: "Error", description: "Title is required", variant: "destructive" },
      fieldErrors: {
        title: "Title is required",
        category: "Category is required",
        importance: "Importance is required",
        content: "Content is required",
      },
    });
    const missing = await post({ intent: "save" });
    expect(missing.data.fieldErrors).toEqual({
      title: "Title is required",
      category: "Category is required",
      importance: "Importance is required",
      content: "Content is required",
    });
    expect(await database.db.select({ id: knowledgeBase.id }).from(knowledgeBase)).toHaveLength(0);
  });

  it("bounds importance: 'Minimum value is 1', 'Maximum value is 10'", async () => {
    expect((await post(entry({ importance: "0" }))).data.fieldErrors).toEqual({
      importance: "Minimum value is 1",
    });
    expect((await post(entry({ importance: "-3" }))).data.fieldErrors).toEqual({
      importance: "Minimum value is 1",
    });
    expect((await post(entry({ importance: "11" }))).data.fieldErrors).toEqual({
      importance: "Maximum value is 10",
    });
    expect(await byTitle("Turnaround times")).toBeUndefined();
  });

  it("refuses a category that is not one of the eleven", async () => {
    expect((await post(entry({ category: "secrets" }))).data.fieldErrors).toEqual({
      category: "Choose one of the listed categories.",
    });
  });
});

describe("Knowledge Base: create, list, search", () => {
  it("creates an entry written by hand, audited, and bumps the content version", async () => {
    const before = await readContentVersion(database.db);
    expect((await post(entry())).data).toMatchObject({
      ok: true,
      toast: { title: "Success", description: "Knowledge base entry created." },
    });
    const created = (await byTitle("Turnaround times"))!;
    expect(created).toMatchObject({ category: "shipping", importance: 7, sourceUrl: null });
    const [audit] = await auditsOf(created.id);
    expect(audit).toMatchObject({ action: "create", actorEmail: "editor@example.com" });
    expect(audit!.after).toMatchObject({ title: "Turnaround times", importance: 7 });
    // The generated search vector is never read into the audit log.
    expect(Object.keys(audit!.after as object)).not.toContain("searchVector");
    expect(await readContentVersion(database.db)).toBeGreaterThan(before);
  });

  it("takes importance that is not a number as 1, and a decimal's whole part", async () => {
    await post(
      entry({
        title: "Gift codes",
        category: "pricing",
        importance: "high",
        content: "Gift codes work at checkout.",
      }),
    );
    await post(
      entry({
        title: "Minimums",
        category: "pricing",
        importance: "4.8",
        content: "There is no minimum order.",
      }),
    );
    expect((await byTitle("Gift codes"))!.importance).toBe(1);
    expect((await byTitle("Minimums"))!.importance).toBe(4);
  });

  it("lists by category, importance (highest first), then title, without the search vector", async () => {
    await given(...six);
    expect(await titles()).toEqual([
      "Embroidery", // products
      "Bulk pricing", // pricing, 4
      "Minimums", // pricing, 4
      "Gift codes", // pricing, 1
      "Turnaround times", // shipping
      "Anything else", // other
    ]);
    const [first] = (await list()).rows;
    expect(Object.keys(first!).sort()).toEqual(
      ["category", "content", "id", "importance", "sourceUrl", "title", "updatedAt"].sort(),
    );
  });

  it("searches title and content in the database", async () => {
    await given(...six);
    // Part of a title (trigram index), any case.
    expect(await titles("?q=MBROID")).toEqual(["Embroidery"]);
    // A word of the content, stemmed: "shipped" finds "ship".
    expect(await titles("?q=shipped")).toEqual(["Turnaround times"]);
    expect(await titles("?q=polos")).toEqual(["Embroidery"]);
    expect(await titles("?q=stitch%20caps")).toEqual(["Embroidery"]);
    // Wildcards are text, not patterns; nothing found is an empty page.
    expect(await titles("?q=%25")).toEqual([]);
    expect((await list("?q=hovercraft")).total).toBe(0);
  });

  it("pages the list", async () => {
    for (let i = 1; i <= 32; i++) {
      await database.db.insert(knowledgeBase).values({
        title: `Note ${String(i).padStart(2, "0")}`,
        content: "Filler.",
        category: "support",
      });
    }
    const first = await list();
    expect(first).toMatchObject({ total: 32, pageCount: 2, page: 1 });
    expect(first.rows).toHaveLength(25);
    expect((await list("?page=2")).rows).toHaveLength(7);
  });
});

function crawlPricingPage() {
  return replaceSiteKnowledge(database.db, "https://merch.example", [
    {
      url: "https://merch.example/pricing",
      title: "Pricing",
      text: "Core plan pricing and setup fees.",
    },
  ]);
}

describe("Knowledge Base: crawled entries", () => {
  it("keeps crawled entries apart: 'Written here' and 'From website crawl'", async () => {
    await given(...six);
    await crawlPricingPage();
    const crawled = await list("?source=crawled");
    expect(crawled.rows.map((row) => [row.title, row.sourceUrl])).toEqual([
      ["Pricing", "https://merch.example/pricing"],
    ]);
    const manual = await titles("?source=manual");
    expect(manual).toHaveLength(6);
    expect(manual).not.toContain("Pricing");
    expect((await list()).total).toBe(7);
    // The search and the filter combine.
    expect(await titles("?source=crawled&q=pricing")).toEqual(["Pricing"]);
    expect(await titles("?source=manual&q=pricing")).toEqual(["Bulk pricing"]);
  });

  it("refuses to edit a crawled entry (the next crawl replaces it)", async () => {
    await crawlPricingPage();
    const crawled = (await byTitle("Pricing"))!;
    const answer = await post(entry({ id: crawled.id, title: "Edited" }));
    expect(answer.data).toMatchObject({
      ok: false,
      toast: {
        title: "Error",
        description:
          "This entry comes from the website crawl and the next crawl replaces it: change the page on the website instead.",
      },
    });
    expect((await byTitle("Pricing"))!.content).toBe("Core plan pricing and setup fees.");
    expect(await auditsOf(crawled.id)).toHaveLength(0);
  });

  it("a new crawl leaves the entries written here alone", async () => {
    await given(...six);
    await crawlPricingPage();
    expect((await list("?source=crawled")).total).toBe(1);
    await replaceSiteKnowledge(database.db, "https://merch.example", []);
    expect((await list("?source=crawled")).total).toBe(0);
    expect((await list("?source=manual")).total).toBe(6);
  });
});

describe("Knowledge Base: edit and delete", () => {
  it("edits an entry, audited before and after", async () => {
    await given(entry());
    const original = (await byTitle("Turnaround times"))!;
    const answer = await post(
      entry({ id: original.id, title: "Turnaround", importance: "9", category: "services" }),
    );
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { description: "Knowledge base entry updated." },
    });
    expect(await byTitle("Turnaround")).toMatchObject({ importance: 9, category: "services" });
    const [audit] = await auditsOf(original.id);
    expect(audit).toMatchObject({
      action: "update",
      before: { title: "Turnaround times", importance: 7 },
      after: { title: "Turnaround", importance: 9 },
    });
    expect(Object.keys(audit!.before as object)).not.toContain("searchVector");
  });

  it("an edit keeps the spec's field messages", async () => {
    await given(entry({ title: "Turnaround" }));
    const edited = (await byTitle("Turnaround"))!;
    expect((await post(entry({ id: edited.id, content: "  " }))).data.fieldErrors).toEqual({
      content: "Content is required",
    });
  });

  it("deletes an entry, audited", async () => {
    await given(...six);
    const doomed = (await byTitle("Anything else"))!;
    expect((await post({ intent: "delete", id: doomed.id })).data).toMatchObject({
      ok: true,
      toast: { description: "Knowledge base entry deleted." },
    });
    expect(await byTitle("Anything else")).toBeUndefined();
    expect((await auditsOf(doomed.id))[0]).toMatchObject({
      action: "delete",
      before: { title: "Anything else" },
    });
  });

  it("answers failures with the spec's words", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expectConsoleErrors(2);
    expect((await post({ intent: "delete", id: missing })).data).toMatchObject({
      ok: false,
      toast: {
        title: "Error",
        description: "Failed to delete knowledge base entry",
        variant: "destructive",
      },
    });
    expect((await post(entry({ id: missing }))).data).toMatchObject({
      ok: false,
      toast: { description: "Failed to update knowledge base entry" },
    });
  });

  it("refuses an unknown intent or a malformed id with a 400", async () => {
    expect((await post({ intent: "wipe" })).status).toBe(400);
    expect((await post({ intent: "delete", id: "1 or 1=1" })).status).toBe(400);
  });
});
