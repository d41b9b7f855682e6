import { type SQL, eq } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "~/platform/db/client.server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { products } from "~/platform/db/schema/index";
import { loadSampleCatalogueIfEmpty, productRow } from "~/capabilities/catalog/catalog.server";
import { normalizeProduct } from "~/capabilities/catalog/normalize";
import { parseSearchParams } from "~/capabilities/catalog/search";
import {
  type SearchColumnsHolder,
  createSearchColumns,
} from "~/capabilities/catalog/search-columns.server";
import { filterOptions, searchProducts } from "~/capabilities/catalog/search.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

/** A product of the hand-made "Test" source, as the S&S feed would describe it. */
const testProduct = (fields: Parameters<typeof normalizeProduct>[0]) =>
  productRow(normalizeProduct(fields), { raw: {}, source: "Test" });

let database: TestDatabase;
/** This database's in-memory columns, as the server's services hold them. */
let memory: ReturnType<typeof createSearchColumns>;

/** The test database, calling `after` with each statement's SQL once `execute` has run it. */
function afterEachStatement(after: (text: string) => Promise<void>): Database {
  const dialect = new PgDialect();
  return new Proxy(database.db, {
    get(target, property, receiver) {
      if (property !== "execute") return Reflect.get(target, property, receiver);
      return async (query: SQL) => {
        const result = await target.execute(query);
        await after(dialect.sqlToQuery(query).sql);
        return result;
      };
    },
  });
}
beforeAll(async () => {
  database = await createTestDatabase();
  memory = createSearchColumns(database.db);
  await loadSampleCatalogueIfEmpty(database.db);
  // Two hand-made products with ratings, which the S&S feed does not carry.
  await database.db.insert(products).values([
    testProduct({
      productId: "t:1",
      styleNumber: "RT1",
      productName: "Rated Trail Hoodie",
      brandName: "Testwear",
      category: "Sweatshirts",
      Price: { standardPrice: 42 },
      Color: [{ colorName: "Teal" }],
      Size: [{ sizeName: "M" }],
      rating: 3,
    }),
    testProduct({
      productId: "t:2",
      styleNumber: "RT2",
      productName: "Gone Tee",
      brandName: "Testwear",
      category: "T-Shirts",
      Price: { standardPrice: 5 },
    }),
  ]);
  await database.db.execute(
    (await import("drizzle-orm"))
      .sql`update products set discontinued_at = now() where style_number = 'RT2'`,
  );
  // As a server does once the catalogue is quiet: the searches below use the in-memory columns.
  await memory.load();
});
afterAll(() => database.destroy());

/** What the page shows: the answer without the catalogue version it is of. */
async function searchWith(columns: SearchColumnsHolder, query: string) {
  const { state: _state, ...shown } = await searchProducts(
    database.db,
    parseSearchParams(new URLSearchParams(query)),
    columns,
  );
  return shown;
}
const search = (query: string) => searchWith(memory, query);

describe("catalogue search", () => {
  it("finds a style number first", async () => {
    const result = await search("q=PC54");
    expect(result.products[0]).toMatchObject({ styleNumber: "PC54", brand: "Port & Company" });
  });

  it("forgives typos such as 'hoody' and finds hooded sweatshirts and hoodies", async () => {
    const result = await search("q=hoody");
    expect(result.total).toBeGreaterThan(3);
    const names = result.products.map((p) => p.name.toLowerCase());
    expect(names.some((n) => n.includes("hooded"))).toBe(true);
    expect(names.some((n) => n.includes("hoodie"))).toBe(true);
  });

  it("ranks a brand and word match above partial matches", async () => {
    const result = await search("q=gildan+heavy+cotton");
    expect(result.products[0]).toMatchObject({ brand: "Gildan" });
    expect(result.products[0]!.name).toMatch(/Heavy Cotton/);
  });

  it("filters by category and counts each category and brand value", async () => {
    const all = await search("q=tee");
    const tShirts = all.categories.find((c) => c.value === "T-Shirts")!;
    expect(tShirts.count).toBeGreaterThan(0);
    const filtered = await search("q=tee&category=T-Shirts");
    expect(filtered.total).toBe(tShirts.count);
    expect(filtered.products.every((p) => p.category === "T-Shirts")).toBe(true);
    // The category facet ignores its own filter; the brand facet counts within it.
    expect(filtered.categories).toEqual(all.categories);
    expect(filtered.brands.reduce((n, b) => n + b.count, 0)).toBe(filtered.total);
    const brand = filtered.brands[0]!;
    const both = await search(`q=tee&category=T-Shirts&brand=${encodeURIComponent(brand.value)}`);
    expect(both.total).toBe(brand.count);
    expect(both.products.every((p) => p.brand === brand.value && p.category === "T-Shirts")).toBe(
      true,
    );
  });

  it("filters by price, rating, colour and size", async () => {
    const cheap = await search("minPrice=5&maxPrice=10");
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.products.every((p) => p.price >= 5 && p.price <= 10)).toBe(true);
    const rated = await search("rating=3.5&brand=Testwear");
    expect(rated.total).toBe(0);
    const rated3 = await search("rating=3&brand=Testwear");
    expect(rated3.products.map((p) => p.styleNumber)).toEqual(["RT1"]);
    const teal = await search("color=Teal");
    expect(teal.products.map((p) => p.styleNumber)).toEqual(["RT1"]);
    const oneSize = await search("size=One+Size");
    expect(oneSize.total).toBeGreaterThan(0);
    expect(oneSize.products.every((p) => p.sizes.includes("One Size"))).toBe(true);
  });

  it("hides discontinued products", async () => {
    expect((await search("q=RT2")).products.map((p) => p.styleNumber)).not.toContain("RT2");
  });

  it("sorts by price both ways and pages by 50", async () => {
    const low = await search("sort=price-low-high");
    const prices = low.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(low.products).toHaveLength(50);
    expect(low.pageCount).toBe(Math.ceil(low.total / 50));
    const high = await search("sort=price-high-low");
    expect(high.products[0]!.price).toBeGreaterThanOrEqual(high.products[1]!.price);
    const page2 = await search("sort=price-low-high&page=2");
    expect(page2.products[0]!.price).toBeGreaterThanOrEqual(prices[49]!);
    expect(page2.products.map((p) => p.id)).not.toContain(low.products[0]!.id);
  });

  it("answers nonsense in the URL with sensible defaults instead of an error", async () => {
    const result = await search("minPrice=abc&maxPrice=-5&rating=9&sort=cheapest&page=x");
    expect(result.total).toBeGreaterThanOrEqual(0);
    expect(parseSearchParams(new URLSearchParams("rating=9&maxPrice=500&sort=x"))).toMatchObject({
      minRating: 5,
      maxPrice: 100,
      sort: "relevance",
    });
  });

  it("sees every committed change to the catalogue, whoever wrote it, in the next search", async () => {
    // Written with plain SQL, as another instance or a sync would. The next search sees the new
    // version the products triggers raised and answers in SQL; once the columns are reloaded, they
    // give the same answer.
    const { sql } = await import("drizzle-orm");
    const db = database.db;
    const both = async (query: string) => {
      const inSql = await search(query);
      await memory.load();
      expect(await search(query)).toEqual(inSql);
      return inSql;
    };
    const before = await search("q=rated+trail&maxPrice=20");
    expect(before.total).toBe(0);
    await db.execute(sql`update products set price_cents = 1500 where style_number = 'RT1'`);
    const cheaper = await both("q=rated+trail&maxPrice=20");
    expect(cheaper.products.map((p) => p.styleNumber)).toEqual(["RT1"]);
    expect(cheaper.brands).toEqual([{ value: "Testwear", count: 1 }]);

    await db.execute(
      sql`update products set name = 'Rated Summit Hoodie' where style_number = 'RT1'`,
    );
    expect((await both("q=summit")).products.map((p) => p.styleNumber)).toEqual(["RT1"]);
    expect((await both("q=trail&brand=Testwear")).total).toBe(0);

    await db.execute(sql`update products set discontinued_at = null where style_number = 'RT2'`);
    expect((await both("q=gone+tee")).products.map((p) => p.styleNumber)).toContain("RT2");
    await db.execute(sql`update products set discontinued_at = now() where style_number = 'RT2'`);
    expect((await both("q=gone+tee")).products.map((p) => p.styleNumber)).not.toContain("RT2");

    await db.insert(products).values(
      testProduct({
        productId: "t:3",
        styleNumber: "RT3",
        productName: "Quokka Trucker Cap",
        brandName: "Testwear",
        category: "Headwear",
        Price: { standardPrice: 9 },
      }),
    );
    expect((await both("q=quokka")).products.map((p) => p.styleNumber)).toEqual(["RT3"]);
    expect((await both("category=Headwear&sort=price-low-high")).total).toBeGreaterThan(1);
    await db.execute(sql`delete from products where style_number = 'RT3'`);
    expect((await both("q=quokka")).total).toBe(0);
    await db.execute(
      sql`update products set price_cents = 4200, name = 'Rated Trail Hoodie' where style_number = 'RT1'`,
    );
    await memory.load();
  });

  it("shows the catalogue as it was when a sync started until its columns reloaded after it", async () => {
    const { sql } = await import("drizzle-orm");
    const db = database.db;
    await memory.load();
    // A sync running on some instance: a live lease, as the job runner keeps it.
    const [job] = (
      (await db.execute(sql`
        insert into jobs (kind, status, lease_owner, lease_until)
        values ('catalog-sync', 'running', 'elsewhere', now() + interval '10 minutes')
        returning id
      `)) as unknown as { rows: { id: string }[] }
    ).rows;
    const cheapTrail = "q=rated+trail&maxPrice=20";
    try {
      // Its batches change the catalogue: the totals, filters and choices stay those of the
      // columns held (the price filter still sees $42), each card reads its row afresh ($15).
      await db.execute(sql`update products set price_cents = 1500 where style_number = 'RT1'`);
      await db.insert(products).values(
        testProduct({
          productId: "t:5",
          styleNumber: "RT5",
          productName: "Wombat Beanie",
          brandName: "Syncbrand",
          category: "Headwear",
          Price: { standardPrice: 12 },
        }),
      );
      expect((await search(cheapTrail)).total).toBe(0);
      expect((await search("q=rated+trail")).products).toMatchObject([
        { styleNumber: "RT1", price: 15 },
      ]);
      expect((await search("q=wombat")).total).toBe(0);
      expect((await filterOptions(db, memory)).brands).not.toContain("Syncbrand");

      await memory.load();

      // A run whose lease ran out (its instance died) is not a sync: every change shows at once.
      await db.execute(sql`update jobs set lease_until = now() - interval '1 minute'`);
      await db.execute(sql`update products set price_cents = 4500 where style_number = 'RT1'`);
      expect((await search(cheapTrail)).total).toBe(0);
      await db.execute(sql`update products set price_cents = 1500 where style_number = 'RT1'`);
      expect((await search(cheapTrail)).total).toBe(1);

      // Finished a moment ago: the columns of before answer until they have reloaded, which the
      // first search to see the new catalogue asks for (after QUIET_MS).
      await memory.load();
      await db.execute(sql`update jobs set status = 'succeeded', finished_at = now()`);
      await db.execute(sql`update products set price_cents = 4200 where style_number = 'RT1'`);
      expect((await search(cheapTrail)).products).toMatchObject([
        { styleNumber: "RT1", price: 42 },
      ]);
      await vi.waitFor(async () => expect((await search(cheapTrail)).total).toBe(0), {
        timeout: 10_000,
        interval: 250,
      });

      // Long finished: every change shows at once again.
      await db.execute(sql`update jobs set finished_at = now() - interval '1 minute'`);
      await db.execute(sql`update products set price_cents = 1500 where style_number = 'RT1'`);
      expect((await search(cheapTrail)).total).toBe(1);
      expect((await filterOptions(db, memory)).brands).toContain("Syncbrand");
    } finally {
      await db.execute(sql`delete from jobs where id = ${job!.id}`);
      await db.execute(sql`delete from products where style_number = 'RT5'`);
      await db.execute(sql`update products set price_cents = 4200 where style_number = 'RT1'`);
      await memory.load();
    }
  });

  it("answers in SQL exactly as from the in-memory columns", async () => {
    const queries = [
      "q=tee&category=T-Shirts",
      "q=hoody&sort=price-high-low&page=2",
      "q=PC54",
      "q=gildan+heavy+cotton",
      "color=Black&size=M&sort=price-low-high",
      "rating=3&brand=Testwear",
      "q=the",
    ];
    const fromColumns = await Promise.all(queries.map(search));
    // A change elsewhere in the catalogue makes the held columns old: the next searches use SQL.
    const { sql } = await import("drizzle-orm");
    await database.db.execute(
      sql`update products set price_cents = 4300 where style_number = 'RT1'`,
    );
    await database.db.execute(
      sql`update products set price_cents = 4200 where style_number = 'RT1'`,
    );
    expect(await Promise.all(queries.map(search))).toEqual(fromColumns);
    await memory.load();
  });

  it("loads the same columns and answers in pages of a few rows as in one", async () => {
    const queries = [
      "q=tee&category=T-Shirts",
      "color=Black&size=M&sort=price-low-high",
      "q=hoody",
    ];
    const before = await Promise.all(queries.map(search));
    // The 301 products on sale in pages of 7: 43 full fetches and an empty one.
    const paged = createSearchColumns(database.db, { pageRows: 7 });
    const columns = await paged.load();
    expect(columns).toEqual(await memory.load());
    expect(columns.size).toBe(301);
    const pagedSearch = (query: string) => searchWith(paged, query);
    expect(await Promise.all(queries.map(pagedSearch))).toEqual(before);
  });

  it("throws away a load in pages that a change interrupted, and loads the catalogue after it", async () => {
    const { sql } = await import("drizzle-orm");
    const rename = (name: string) =>
      database.db.execute(sql`update products set name = ${name} where style_number = 'RT1'`);
    const [before] = await database.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.styleNumber, "RT1"));
    // The change commits between the load's third and fourth statements: the product moves from
    // the R's, not read yet, to the A's, read already.
    let statements = 0;
    const interrupted = afterEachStatement(async () => {
      if (++statements === 3) await rename(`A ${before!.name}`);
    });
    try {
      const columns = await createSearchColumns(interrupted, { pageRows: 7 }).load();
      expect(columns).toEqual(await memory.load());
      // A first load of its 3 statements and more, then a whole second one.
      expect(statements).toBeGreaterThan(2 * (301 / 7) + 4);

      // Interrupted every time: after two tries in pages, one transaction's snapshot.
      statements = 0;
      const always = afterEachStatement(async () => {
        if (++statements % 5 === 3) await rename(`${"AZ"[statements % 2]} ${before!.name}`);
      });
      const snapshot = await createSearchColumns(always, { pageRows: 7 }).load();
      // Two tries of at most a head, 44 pages and the version each.
      expect(statements).toBeLessThanOrEqual(2 * 46);
      expect(snapshot).toEqual(await memory.load());
    } finally {
      await rename(before!.name);
    }
  });

  it("offers the catalogue's colours, sizes and categories and says it is a sample", async () => {
    const options = await filterOptions(database.db);
    expect(options.colors).toContain("Black");
    expect(options.sizes).toContain("M");
    expect(options.sampleCount).toBe(300);
  });

  it("offers the same choices from the in-memory columns, and a change at once", async () => {
    await memory.load();
    const fromColumns = await filterOptions(database.db, memory);
    const inSql = await filterOptions(database.db);
    expect(fromColumns.categories).toEqual(expect.arrayContaining(inSql.categories));
    expect({ ...fromColumns, categories: inSql.categories }).toEqual(inSql);
    expect(fromColumns.categories).toHaveLength(inSql.categories.length);
    // A new colour in a change the columns have not loaded yet: the database answers.
    await database.db.insert(products).values(
      testProduct({
        productId: "t:4",
        styleNumber: "RT4",
        productName: "Ultraviolet Cap",
        brandName: "Newbrand",
        category: "Headwear",
        Price: { standardPrice: 9 },
        Color: [{ colorName: "Ultraviolet" }],
      }),
    );
    expect((await filterOptions(database.db, memory)).brands).toContain("Newbrand");
  });
});
