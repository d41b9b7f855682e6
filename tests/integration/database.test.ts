import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "~/platform/config/env.server";
import { openDatabase } from "~/platform/db/client.server";
import { executePrepared } from "~/platform/db/prepared.server";
import {
  brandLogos,
  couponCodes,
  faqPage,
  faqs,
  knowledgeBase,
  pageSeoSettings,
  pricingTiers,
} from "~/platform/db/schema/index";
import { applySeeds } from "../../server/seed/run";
import { publicPages } from "~/capabilities/seo/pages";
import { type TestDatabase, createTestDatabase } from "../support/database";

// Seeded: the tests that change seeded rows or run the seeds take a database of their own.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(() => database.destroy());

/** Runs `test` on a database of its own, removed afterwards. */
async function withOwnDatabase(
  options: { seed?: boolean },
  test: (db: TestDatabase["db"]) => Promise<void>,
) {
  const own = await createTestDatabase(options);
  try {
    await test(own.db);
  } finally {
    await own.destroy();
  }
}

/** The PostgreSQL error code behind a failed statement, whichever driver raised it. */
async function errorCode(statement: Promise<unknown>) {
  try {
    await statement;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return "no error";
}

describe("first-start data", () => {
  it(
    "seeds every kind of content once",
    () =>
      withOwnDatabase({}, async (db) => {
        expect(await applySeeds(db)).toEqual(expect.arrayContaining(["pricing-tiers-v1"]));
        expect(await applySeeds(db)).toEqual([]);

        const tiers = await db.select().from(pricingTiers).orderBy(pricingTiers.name);
        expect(tiers.map((t) => t.name).sort()).toEqual(["core", "elite", "pro"]);
        const seo = await db.select({ path: pageSeoSettings.pagePath }).from(pageSeoSettings);
        expect(seo.map((r) => r.path).sort()).toEqual(publicPages.map((p) => p.path).sort());
        expect(await db.$count(brandLogos)).toBe(8);
        for (const page of faqPage.enumValues) {
          expect(await db.$count(faqs, eq(faqs.page, page)), `FAQs for ${page}`).toBeGreaterThan(0);
        }
      }),
    // Opens a database of its own and runs every seed (the 300 sample products among them).
    120_000,
  );

  it("matches the site's claims: from $180 a year, annual saves up to 30 %, a setup fee each", async () => {
    const tiers = await database.db.select().from(pricingTiers);
    const core = tiers.find((t) => t.name === "core")!;
    expect(core.annualPriceCents).toBe(18_000);
    expect(Math.min(...tiers.map((t) => t.annualPriceCents))).toBe(18_000);
    const savings = tiers.map((t) => 1 - t.annualPriceCents / (t.monthlyPriceCents * 12));
    expect(Math.max(...savings)).toBeLessThanOrEqual(0.3);
    expect(Math.max(...savings)).toBeGreaterThan(0.29);
    for (const tier of tiers) expect(tier.setupFeeCents).toBeGreaterThan(0);
  });

  it(
    "never brings back what an admin changed or deleted",
    () =>
      withOwnDatabase({ seed: true }, async (db) => {
        await db
          .update(pricingTiers)
          .set({ annualPriceCents: 12_345 })
          .where(eq(pricingTiers.name, "pro"));
        await db.delete(faqs).where(eq(faqs.page, "contact"));
        await applySeeds(db);
        const [pro] = await db.select().from(pricingTiers).where(eq(pricingTiers.name, "pro"));
        expect(pro!.annualPriceCents).toBe(12_345);
        expect(await db.$count(faqs, eq(faqs.page, "contact"))).toBe(0);
      }),
    120_000,
  );
});

describe("constraints", () => {
  it("treats coupon codes as unique whatever their case", async () => {
    const { db } = database;
    await db.insert(couponCodes).values({ code: "SPRING10", discountPercentage: 10 });
    expect(
      await errorCode(db.insert(couponCodes).values({ code: "spring10", discountPercentage: 5 })),
    ).toBe("23505");
  });

  it("requires exactly one discount kind on a coupon, within range", async () => {
    const { db } = database;
    expect(await errorCode(db.insert(couponCodes).values({ code: "NONE" }))).toBe("23514");
    expect(
      await errorCode(
        db
          .insert(couponCodes)
          .values({ code: "BOTH", discountPercentage: 5, discountAmountCents: 500 }),
      ),
    ).toBe("23514");
    expect(
      await errorCode(db.insert(couponCodes).values({ code: "TOOMUCH", discountPercentage: 101 })),
    ).toBe("23514");
    expect(
      await errorCode(db.insert(couponCodes).values({ code: "NEG", discountAmountCents: -1 })),
    ).toBe("23514");
  });

  it("keeps one SEO record per page path", async () => {
    const { db } = database;
    expect(
      await errorCode(
        db.insert(pageSeoSettings).values({ pagePath: "/", pageName: "Again", title: "Again" }),
      ),
    ).toBe("23505");
  });

  it("accepts only known plans, FAQ pages and knowledge-base categories", async () => {
    const { db } = database;
    expect(
      await errorCode(
        db.execute(
          sql`insert into pricing_tiers (name, monthly_price_cents, annual_price_cents, setup_fee_cents) values ('gold', 1, 1, 1)`,
        ),
      ),
    ).toBe("22P02");
    expect(
      await errorCode(
        db.execute(sql`insert into faqs (page, question, answer) values ('careers', 'q', 'a')`),
      ),
    ).toBe("22P02");
    expect(
      await errorCode(
        db.execute(
          sql`insert into knowledge_base (title, content, category) values ('t', 'c', 'gossip')`,
        ),
      ),
    ).toBe("22P02");
    expect(
      await errorCode(
        db.insert(knowledgeBase).values({ title: "t", content: "c", importance: 11 }),
      ),
    ).toBe("23514");
  });

  it("never stores a negative price", async () => {
    expect(
      await errorCode(
        database.db
          .update(pricingTiers)
          .set({ setupFeeCents: -100 })
          .where(eq(pricingTiers.name, "core")),
      ),
    ).toBe("23514");
  });
});

describe("opening a database", () => {
  it.skipIf(process.env.TEST_DATABASE_URL)(
    "starts any number of PGlite databases from one dump, none seeing another's writes",
    async () => {
      const source = await createTestDatabase({ seed: true });
      const bytes = await (await source.dumpDataDir!()).arrayBuffer();
      const seeded = await source.db.select().from(faqs).orderBy(faqs.id);
      await source.destroy();
      // One buffer for every start, as the test databases' templates are given.
      const dump = { type: "application/x-tar", arrayBuffer: async () => bytes } as Blob;
      const first = await openDatabase({ dataDir: "memory://", loadDataDir: dump });
      // Rewrites pages that the dump holds, in files of the size the dump gave them.
      await first.db.update(faqs).set({ question: "Changed in the first?" });
      await first.db.insert(faqs).values({ question: "Written in the first?", answer: "Yes." });
      await first.db.execute(sql`checkpoint`);
      await first.close();
      for (let i = 0; i < 2; i++) {
        const next = await openDatabase({ dataDir: "memory://", loadDataDir: dump });
        expect(await next.db.select().from(faqs).orderBy(faqs.id)).toEqual(seeded);
        await next.close();
      }
    },
  );

  it("stops with one clear line when PostgreSQL cannot be reached", async () => {
    const attempt = openDatabase({
      databaseUrl: "postgres://user:secret@127.0.0.1:1/nowhere",
      dataDir: "",
    });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(
      openDatabase({ databaseUrl: "postgres://user:secret@127.0.0.1:1/nowhere", dataDir: "" }),
    ).rejects.toThrow(
      /^DATABASE_URL: cannot connect to postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/nowhere \(ECONNREFUSED\)$/,
    );
  });
});

describe("prepared statements", () => {
  it("runs a named statement again with new values, and PostgreSQL keeps it prepared", async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      // One parameter per number: the text varies with how many there are.
      const sum = (...n: number[]) =>
        executePrepared(
          tx,
          "test-sum",
          sql`select ${sql.join(
            n.map((v) => sql`${v}::int`),
            sql` + `,
          )} as total`,
        );
      expect(await sum(2, 3)).toMatchObject({ rows: [{ total: 5 }] });
      expect(await sum(20, 22)).toMatchObject({ rows: [{ total: 42 }] });
      expect(await sum(1, 2, 3)).toMatchObject({ rows: [{ total: 6 }] });
      if (!process.env.TEST_DATABASE_URL) return; // PGlite's driver has no named statements
      const prepared = await executePrepared(
        tx,
        "test-names",
        sql`select name from pg_prepared_statements where name like 'test-sum-%'`,
      );
      expect(prepared.rows).toHaveLength(2);
    });
  });
});
