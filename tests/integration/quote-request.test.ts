import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { field } from "~/capabilities/quotes/builder";
import { DEFAULT_PRICE_MATRIX } from "~/capabilities/quotes/matrix";
import { priceQuote } from "~/capabilities/quotes/pricing";
import type { QuotePageData } from "~/capabilities/quotes/quote-page.server";
import { QUOTE_RATE_LIMIT, REQUEST_TEXT } from "~/capabilities/quotes/request.server";
import { emailOutbox, products, quotes, rateLimits } from "~/platform/db/schema/index";
import { action as quoteAction, loader as builderLoader } from "~/routes/site/quote";
import { loader as quotePageLoader } from "~/routes/site/quote-page";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import type { FormResult } from "~/platform/forms/result";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
type Product = typeof products.$inferSelect;
let tee: Product;
let hoodie: Product;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  const multiSize = sql`cardinality(${products.sizes}) >= 4 and cardinality(${products.colors}) >= 2`;
  const pick = async (category: string) =>
    (
      await database.db
        .select()
        .from(products)
        .where(sql`${multiSize} and ${products.category} = ${category}`)
        .limit(1)
    )[0]!;
  tee = await pick("T-Shirts");
  hoodie = await pick("Sweatshirts");
}, 180_000);
afterAll(() => database.destroy());
// Each test starts with no requests counted against any address, and no quotes: the next one
// is Q-1001, as in a new database.
beforeEach(async () => {
  await database.db.delete(rateLimits);
  await database.db.delete(quotes);
  await database.db.execute(sql`select setval('quote_number_seq', 1001, false)`);
});

const BASE = "https://www.example.com";
const contact = {
  name: "Dana Buyer",
  email: "dana@example.org",
  company: "Acme",
  phone: "555 0100",
};

function teeLine(i: number, sizes: Record<string, string>, extra: Record<string, string> = {}) {
  return {
    [field.product(i)]: tee.id,
    [field.colour(i)]: tee.colors[1]!,
    ...Object.fromEntries(Object.entries(sizes).map(([s, q]) => [field.quantity(i, s), q])),
    [field.decoration(i, "front")]: "screen_print:4",
    [field.decoration(i, "back")]: "screen_print:1",
    ...extra,
  };
}

const post = (fields: Record<string, string>) =>
  outcome<FormResult<{ errors: string[] }>>(() =>
    quoteAction({
      request: new Request(`${BASE}/quote`, { method: "POST", body: new URLSearchParams(fields) }),
      context,
      params: {},
    } as never),
  );

const openQuote = (path: string) => {
  const url = new URL(path, BASE);
  return outcome<{ quote: QuotePageData | null; justSent: boolean }>(() =>
    quotePageLoader({
      request: new Request(url),
      params: { quoteLabel: url.pathname.split("/").pop()! },
      context,
    } as never),
  );
};

async function countQuotes() {
  return database.db.$count(quotes);
}

describe("requesting a quote", () => {
  it("stores the quote numbered from Q-1001 at the server's price, emails both sides and opens by its signed link", async () => {
    const [s, m, l] = tee.sizes;
    const fields = {
      ...contact,
      inHandsDate: "2099-06-01",
      notes: "Logo files to follow",
      ...teeLine(0, { [s!]: "10", [m!]: "14", [l!]: "16" }),
      [field.product(1)]: hoodie.id,
      [field.colour(1)]: hoodie.colors[0]!,
      [field.quantity(1, hoodie.sizes[1]!)]: "24",
      [field.decoration(1, "left_chest")]: "embroidery:1",
      // A tampered price is not read: the server computes its own.
      price: "1",
      "l0.totalCents": "1",
    };
    const { status, location } = await post(fields);
    expect(status).toBe(302);
    expect(location).toMatch(/^\/quotes\/Q-1001\?t=[A-Za-z0-9_-]{43}&sent=1$/);

    const [row] = await database.db.select().from(quotes).where(eq(quotes.number, 1001));
    const expected = priceQuote(DEFAULT_PRICE_MATRIX, [
      {
        product: { id: tee.id, category: tee.category, costCents: tee.priceCents },
        colour: tee.colors[1]!,
        quantities: { [s!]: 10, [m!]: 14, [l!]: 16 },
        decorations: [
          { location: "front", method: "screen_print", inkColours: 4 },
          { location: "back", method: "screen_print", inkColours: 1 },
        ],
      },
      {
        product: { id: hoodie.id, category: hoodie.category, costCents: hoodie.priceCents },
        colour: hoodie.colors[0]!,
        quantities: { [hoodie.sizes[1]!]: 24 },
        decorations: [{ location: "left_chest", method: "embroidery", stitchTier: 1 }],
      },
    ]);
    expect(row).toMatchObject({
      status: "requested",
      name: "Dana Buyer",
      company: "Acme",
      inHandsDate: "2099-06-01",
      computedTotalCents: expected.totalCents,
    });
    expect(row!.price).toEqual(expected);

    const mails = await database.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.dedupeKey} like ${`quote-%:${row!.id}`}`);
    expect(mails.map((e) => [e.kind, e.toAddress]).sort()).toEqual([
      // No COMPANY_INBOX here: the team is told at the address in Site Settings.
      ["quote-notification", "hello@merchsimplified.example.com"],
      ["quote-requested", "dana@example.org"],
    ]);
    const confirmation = mails.find((e) => e.kind === "quote-requested")!;
    const link = `${BASE}${location!.replace("&sent=1", "")}`;
    expect(confirmation.textBody).toContain(link);
    expect(confirmation.textBody).toContain(`${tee.name}, ${tee.colors[1]}`);

    const page = await openQuote(link);
    expect(page.status).toBe(200);
    expect(page.data.quote).toMatchObject({ label: "Q-1001", status: "requested" });
    expect(page.data.quote!.price.totalCents).toBe(expected.totalCents);
  });

  it.each([
    ["a forged token", (t: string) => t.replace(/t=./, (m) => (m.endsWith("A") ? "t=B" : "t=A"))],
    ["no token", (t: string) => t.replace(/\?t=.*/, "")],
    ["another quote's number", (t: string) => t.replace("Q-1001", "Q-1002")],
    ["a mangled number", (t: string) => t.replace("Q-1001", "Q-1001x")],
  ])("answers 404 for %s", async (_name, change) => {
    // Two quotes, Q-1001 and Q-1002; the first one's signed link opens it.
    const requested = [];
    for (const size of tee.sizes.slice(0, 2)) {
      const { status, location } = await post({ ...contact, ...teeLine(0, { [size]: "30" }) });
      expect(status).toBe(302);
      requested.push(location!.replace("&sent=1", ""));
    }
    const good = requested[0]!;
    expect(good).toMatch(/^\/quotes\/Q-1001\?t=/);
    expect(requested[1]).toMatch(/^\/quotes\/Q-1002\?t=/);
    expect((await openQuote(good)).status).toBe(200);
    const { status, data } = await openQuote(change(good));
    expect(status).toBe(404);
    expect(data.quote).toBeNull();
  });
});

describe("bad input gets a clear message and a 400, and stores nothing", () => {
  const sizes = () => tee.sizes;
  it.each([
    [
      "no pieces (all zero)",
      () => teeLine(0, { [sizes()[0]!]: "0" }),
      "Line 1: enter the number of pieces for at least one size.",
    ],
    ["a negative quantity", () => teeLine(0, { [sizes()[0]!]: "-5" }), REQUEST_TEXT.quantity],
    ["a fractional quantity", () => teeLine(0, { [sizes()[0]!]: "2.5" }), REQUEST_TEXT.quantity],
    ["1,000,000 pieces", () => teeLine(0, { [sizes()[0]!]: "1000000" }), REQUEST_TEXT.tooMany],
    [
      "a size the product lacks",
      () => teeLine(0, { [sizes()[0]!]: "30", "9XL": "2" }),
      'Line 1: TEE has no size "9XL".',
    ],
    [
      "a colour the product lacks",
      () => teeLine(0, { [sizes()[0]!]: "30" }, { [field.colour(0)]: "Plaid" }),
      'Line 1: TEE does not come in "Plaid". Choose one of its colours.',
    ],
    [
      "7 ink colours",
      () =>
        teeLine(0, { [sizes()[0]!]: "30" }, { [field.decoration(0, "front")]: "screen_print:7" }),
      "Line 1: choose a decoration for the front from the list (screen print takes 1 to 6 ink colours).",
    ],
    [
      "an unknown product",
      () =>
        teeLine(
          0,
          { [sizes()[0]!]: "30" },
          { [field.product(0)]: "00000000-0000-4000-8000-000000000000" },
        ),
      "Line 1: this product is no longer in our catalogue. Please remove the line.",
    ],
    [
      "fewer pieces than screen print's minimum",
      () => teeLine(0, { [sizes()[0]!]: "16" }),
      "Screen print has a minimum of 24 pieces: add 8 more.",
    ],
    [
      "60 lines",
      () =>
        Object.assign(
          {},
          ...Array.from({ length: 60 }, (_, i) => teeLine(i, { [sizes()[0]!]: "30" })),
        ),
      REQUEST_TEXT.tooManyLines,
    ],
    ["no lines at all", () => ({}), REQUEST_TEXT.noLines],
  ])("%s", async (_name, lines, message) => {
    const before = await countQuotes();
    const { status, data } = await post({ ...contact, ...lines() });
    expect(status).toBe(400);
    expect(data.data?.errors).toContain(message.replace("TEE", tee.name));
    expect(await countQuotes()).toBe(before);
  });

  it.each([
    ["no name", { name: "" }, REQUEST_TEXT.name],
    ["a bad email", { email: "dana@" }, REQUEST_TEXT.email],
    ["an in-hands date in the past", { inHandsDate: "2020-01-01" }, REQUEST_TEXT.inHandsDate],
    ["an in-hands date that is no day", { inHandsDate: "2099-02-30" }, REQUEST_TEXT.inHandsDate],
  ])("%s", async (_name, change, message) => {
    const { status, data } = await post({
      ...contact,
      ...teeLine(0, { [sizes()[0]!]: "30" }),
      ...change,
    });
    expect(status).toBe(400);
    expect(data.data?.errors).toContain(message);
  });

  it("refuses a product the last sync removed", async () => {
    const [gone] = await database.db
      .select()
      .from(products)
      .where(
        sql`${products.id} not in (${tee.id}, ${hoodie.id}) and cardinality(${products.colors}) > 0`,
      )
      .limit(1);
    await database.db
      .update(products)
      .set({ discontinuedAt: new Date() })
      .where(eq(products.id, gone!.id));
    const { status, data } = await post({
      ...contact,
      [field.product(0)]: gone!.id,
      [field.colour(0)]: gone!.colors[0]!,
      [field.quantity(0, gone!.sizes[0]!)]: "30",
    });
    expect(status).toBe(400);
    expect(data.data?.errors).toEqual([
      "Line 1: this product is no longer in our catalogue. Please remove the line.",
    ]);
  });
});

describe("abuse", () => {
  it("tells a bot that fills the hidden field it was sent, and stores nothing", async () => {
    const before = await countQuotes();
    const { status, location } = await post({
      ...contact,
      website: "http://spam",
      ...teeLine(0, { [tee.sizes[0]!]: "30" }),
    });
    expect(status).toBe(302);
    expect(location).toBe("/quote?sent=1");
    expect(await countQuotes()).toBe(before);
  });

  it(`allows ${QUOTE_RATE_LIMIT.limit} requests from one address in ten minutes, then answers 429`, async () => {
    for (let i = 0; i < QUOTE_RATE_LIMIT.limit; i++) await post({});
    const { status, data } = await post({ ...contact, ...teeLine(0, { [tee.sizes[0]!]: "30" }) });
    expect(status).toBe(429);
    expect(data.data?.errors).toEqual([REQUEST_TEXT.rateLimited]);
  });
});

describe("the builder page", () => {
  it("brings the product a product page sent, with the matrix to price it", async () => {
    const data = (await builderLoader({
      request: new Request(`${BASE}/quote?product=${tee.id}`),
      context,
      params: {},
    } as never)) as Awaited<ReturnType<typeof builderLoader>>;
    expect(data.added).toMatchObject({
      id: tee.id,
      sizes: tee.sizes,
      colours: tee.colors,
      costCents: tee.priceCents,
    });
    expect(data.matrix).toEqual(DEFAULT_PRICE_MATRIX);
  });
});
