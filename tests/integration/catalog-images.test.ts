import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray, not } from "drizzle-orm";
import express from "express";
import pino from "pino";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { Env } from "~/platform/config/env.server";
import { catalogImages, products } from "~/platform/db/schema/index";
import { loadSampleCatalogueIfEmpty } from "~/capabilities/catalog/catalog.server";
import { CATALOG_IMAGES_JOB } from "~/capabilities/catalog/images.server";
import { searchProducts } from "~/capabilities/catalog/search.server";
import { startCatalogSync } from "~/capabilities/catalog/sync.server";
import { createEmailService } from "~/platform/email/outbox.server";
import { createJobRunner, startJob } from "~/platform/jobs/jobs.server";
import { localFileStorage } from "~/platform/storage/storage.server";
import { createSupplierClients } from "~/platform/suppliers/clients.server";
import { createImageFetchers } from "~/platform/uploads/image-fetch.server";
import { jobHandlers } from "../../server/jobs";
import { mediaHandler } from "../../server/media";
import { startFakeSsActivewear } from "../fakes/ss-activewear";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
let fake: Awaited<ReturnType<typeof startFakeSsActivewear>>;
let storage: ReturnType<typeof localFileStorage>;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  fake = await startFakeSsActivewear({ styles: 6 });
});
afterAll(() => fake?.close());
// Each test starts from its own database holding eight sample products, and empty storage.
beforeEach(async () => {
  database = await createTestDatabase();
  storage = localFileStorage(mkdtempSync(path.join(tmpdir(), "ms-catalog-images-")));
  await loadSampleCatalogueIfEmpty(database.db);
  // Eight sample products are enough to see drawn pictures; 300 would only be slower.
  const keep = await database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.name)
    .limit(8);
  await database.db.delete(products).where(
    not(
      inArray(
        products.id,
        keep.map((k) => k.id),
      ),
    ),
  );
});
afterEach(() => database?.destroy());

function runner() {
  const env = {
    SS_ACTIVEWEAR_ACCOUNT_NUMBER: fake.accountNumber,
    SS_ACTIVEWEAR_API_KEY: fake.apiKey,
    SS_ACTIVEWEAR_BASE_URL: fake.url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ms-data-")),
  } as unknown as Env;
  return createJobRunner({
    db: database.db,
    handlers: jobHandlers({
      db: database.db,
      env,
      logger,
      services: {
        suppliers: createSupplierClients(env, logger),
        email: createEmailService({ db: database.db, from: "MS <hello@example.com>" }),
        storage,
        // The fake S&S also plays the image host, on loopback.
        images: createImageFetchers({ SS_ACTIVEWEAR_IMAGE_BASE_URL: `${fake.url}/` }),
      },
    }),
  });
}

async function allCards() {
  const result = await searchProducts(database.db, {
    q: "",
    page: 1,
    sort: "relevance",
    categories: [],
    brands: [],
    minPrice: 0,
    maxPrice: 1_000_000,
    minRating: 0,
    colors: [],
    sizes: [],
  });
  return result.products;
}

async function servedPicture(url: string) {
  const app = express();
  app.use("/media", mediaHandler(storage));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const response = await fetch(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`,
    );
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  } finally {
    server.close();
  }
}

const hex = (value: string) => [1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16));

it("draws each sample product in its own kind and first colour", async () => {
  expect((await allCards()).every((card) => card.image === null)).toBe(true);
  await startJob(database.db, CATALOG_IMAGES_JOB);
  expect(await runner().runDue()).toBe(1);

  const cards = await allCards();
  expect(cards).toHaveLength(8);
  for (const card of cards) {
    expect(card.image, card.name).toMatchObject({ width: 800, height: 800 });
    expect(card.image!.srcset).toMatch(/^\/media\/catalog-images\/\S+\/320w\.webp 320w, .+ 800w$/);
    const { response, bytes } = await servedPicture(card.image!.url);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");

    const [row] = await database.db
      .select({ raw: products.raw })
      .from(products)
      .where(eq(products.id, card.id));
    const first = (row!.raw as { skus: Array<{ color1: string }> }).skus[0]!.color1;
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i =
        (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels;
      return [...data.subarray(i, i + 3)];
    };
    // The garment covers one of these points whatever its kind (legs part below the middle).
    const close = [at(0.5, 0.55), at(0.4, 0.3)].some((rgb) =>
      rgb.every((v, c) => Math.abs(v - hex(first)[c]!) < 12),
    );
    expect(close, `${card.name}: ${first}`).toBe(true);
  }
});

it("copies S&S pictures after a sync, only from the listed image hosts, and drops the samples'", async () => {
  const { job } = await startCatalogSync(database.db, "admin@example.com");
  expect(await runner().runDue()).toBe(1);
  // The sync queued the pictures' run.
  expect(await runner().runDue()).toBe(1);
  void job;

  const cards = await allCards();
  expect(cards).toHaveLength(6);
  for (const card of cards) {
    expect(card.imageUrl).toMatch(/^https:\/\/www\.ssactivewear\.com\/Images\//);
    expect(card.image, card.name).toMatchObject({ width: 600, height: 600 });
    const { response, bytes } = await servedPicture(card.image!.url);
    expect(response.status).toBe(200);
    expect((await sharp(bytes).metadata()).format).toBe("webp");
  }
  // The replaced sample catalogue's pictures are gone, rows and files.
  const rows = await database.db.select().from(catalogImages);
  expect(rows.map((r) => r.sourceUrl).sort()).toEqual(cards.map((c) => c.imageUrl).sort());
  const files = await storage.list("catalog-images/");
  expect(files.length).toBe(rows.length * 2);
});

it("never fetches from a host not listed, nor from a private address", async () => {
  // The S&S catalogue and its pictures, copied.
  await startCatalogSync(database.db, "admin@example.com");
  expect(await runner().runDue()).toBe(1);
  expect(await runner().runDue()).toBe(1);
  const listener = createServer((socket) => {
    contacted += 1;
    socket.destroy();
  }).listen(0, "127.0.0.1");
  let contacted = 0;
  await once(listener, "listening");
  const port = (listener.address() as AddressInfo).port;
  const [a, b] = await database.db.select({ id: products.id }).from(products).limit(2);
  await database.db
    .update(products)
    .set({ imageUrl: "https://images.evil.example/x.jpg" })
    .where(eq(products.id, a!.id));
  await database.db
    .update(products)
    .set({ imageUrl: `http://127.0.0.1:${port}/Images/x.jpg` })
    .where(eq(products.id, b!.id));
  try {
    await startJob(database.db, CATALOG_IMAGES_JOB);
    expect(await runner().runDue()).toBe(1);
  } finally {
    listener.close();
  }
  const failed = await database.db
    .select({ status: catalogImages.status, error: catalogImages.error })
    .from(catalogImages)
    .where(eq(catalogImages.status, "failed"));
  expect(failed).toHaveLength(2);
  expect(contacted).toBe(0);
  const cards = await allCards();
  expect(
    cards
      .filter((c) => c.image === null)
      .map((c) => c.id)
      .sort(),
  ).toEqual([a!.id, b!.id].sort());
});
