import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ARTWORK_MESSAGES, type ArtworkFile } from "~/capabilities/quotes/artwork";
import { quoteArtworkFiles } from "~/capabilities/quotes/artwork.server";
import { field } from "~/capabilities/quotes/builder";
import type { QuotePageData } from "~/capabilities/quotes/quote-page.server";
import { products, quoteArtwork, quotes, rateLimits, uploads } from "~/platform/db/schema/index";
import type { FormResult } from "~/platform/forms/result";
import { collectUnusedUploads } from "~/platform/uploads/uploads.server";
import { action as artworkAction } from "~/routes/resources/quote-artwork";
import { loader as downloadLoader } from "~/routes/resources/quote-artwork-download";
import { action as quoteAction } from "~/routes/site/quote";
import { loader as quotePageLoader } from "~/routes/site/quote-page";
import { mediaHandler } from "../../server/media";
import { createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
let tee: typeof products.$inferSelect;
let adminCookie: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  const [row] = await database.db
    .select()
    .from(products)
    .where(sql`cardinality(${products.sizes}) >= 3 and ${products.category} = 'T-Shirts'`)
    .limit(1);
  tee = row!;
  await createAccount(context, "owner@example.com", "admin");
  adminCookie = await signIn(context, "owner@example.com");
}, 180_000);
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(rateLimits);
});

const logoPng = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: "#1a4" } })
    .png()
    .toBuffer();
const pdf = (size = 2_000) => {
  const head = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n");
  return Buffer.concat([
    head,
    Buffer.alloc(Math.max(0, size - head.length), 0x20),
    Buffer.from("\n%%EOF\n"),
  ]);
};

async function sendArtwork(bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new Request(`${context.env.PUBLIC_URL}/resources/quote-artwork`, {
    method: "POST",
    body: form,
  });
  const response = (await settle(() =>
    artworkAction({ request, context, params: {} } as never),
  )) as Response;
  const body = (await response.json()) as FormResult<ArtworkFile>;
  return { status: response.status, body, file: body.ok ? body.data! : undefined };
}

async function storageKeys(id: string) {
  return context.services.storage.list(`quote-artwork/${id}/`);
}

describe("artwork uploads", () => {
  it("stores a PNG with a thumbnail and a PDF as it came, by their bytes", async () => {
    const png = await sendArtwork(await logoPng(), "logo.png", "image/png");
    expect(png.status).toBe(201);
    expect(png.file).toMatchObject({ name: "logo.png", format: "png" });
    expect(png.file!.thumbnailUrl).toMatch(/^\/media\/quote-artwork\/[0-9a-f-]{36}\/thumb\.webp$/);
    expect(await storageKeys(png.file!.id)).toEqual([
      `quote-artwork/${png.file!.id}/original.png`,
      `quote-artwork/${png.file!.id}/thumb.webp`,
    ]);

    // A PDF sent as "application/octet-stream" under a name without extension is still a PDF.
    const doc = await sendArtwork(pdf(), "back print", "application/octet-stream");
    expect(doc.status).toBe(201);
    expect(doc.file).toMatchObject({ name: "back print", format: "pdf", thumbnailUrl: null });
  });

  it.each([
    [
      "an SVG named .png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ["an HTML page named .png", Buffer.from("<!doctype html><h1>hi</h1><script>alert(1)</script>")],
    ["a GIF named .png", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
    [
      "a PNG signature over garbage",
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(64, 7),
      ]),
    ],
  ])("refuses %s with a message that names what is accepted", async (_what, bytes) => {
    const before = await database.db.$count(uploads);
    const { status, body } = await sendArtwork(bytes, "logo.png", "image/png");
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.toast?.description).toBe(ARTWORK_MESSAGES.notAccepted);
    expect(body.toast?.description).toMatch(/PNG, JPEG or PDF/);
    expect(await database.db.$count(uploads)).toBe(before);
  });

  it("refuses a 30 MB PDF (the limit is 20 MB) without storing anything", async () => {
    const before = await database.db.$count(uploads);
    const { status, body } = await sendArtwork(
      pdf(30 * 1024 * 1024),
      "catalogue.pdf",
      "application/pdf",
    );
    expect(status).toBe(413);
    expect(body.toast?.description).toBe(ARTWORK_MESSAGES.tooLarge);
    expect(await database.db.$count(uploads)).toBe(before);
  });
});

describe("artwork on a quote", () => {
  const contact = { name: "Dana Buyer", email: "dana@example.org" };

  async function request(extra: Record<string, string>) {
    const [s, m] = tee.sizes;
    const fields = {
      ...contact,
      [field.product(0)]: tee.id,
      [field.colour(0)]: tee.colors[0]!,
      [field.quantity(0, s!)]: "20",
      [field.quantity(0, m!)]: "20",
      [field.decoration(0, "front")]: "screen_print:2",
      [field.decoration(0, "back")]: "screen_print:1",
      ...extra,
    };
    return outcome<FormResult<{ errors: string[] }>>(() =>
      quoteAction({
        request: new Request(`${context.env.PUBLIC_URL}/quote`, {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context,
        params: {},
      } as never),
    );
  }

  it("attaches artwork per location, shows it on the quote's page, keeps it from the collector and lets an admin download it", async () => {
    const front = (await sendArtwork(await logoPng(), "front logo.png", "image/png")).file!;
    const back = (await sendArtwork(pdf(), "back.pdf", "application/pdf")).file!;
    const stray = (await sendArtwork(await logoPng(), "never sent.png", "image/png")).file!;

    const sent = await request({
      [field.artwork(0, "front")]: front.id,
      [field.artwork(0, "back")]: back.id,
    });
    expect(sent.status).toBe(302);
    const url = new URL(sent.location!, context.env.PUBLIC_URL);
    const page = await outcome<{ quote: QuotePageData }>(() =>
      quotePageLoader({
        request: new Request(url),
        params: { quoteLabel: url.pathname.split("/").pop()! },
        context,
      } as never),
    );
    expect(page.data.quote.artwork.map((a) => [a.lineIndex, a.location, a.name, a.format])).toEqual(
      [
        [0, "front", "front logo.png", "png"],
        [0, "back", "back.pdf", "pdf"],
      ],
    );
    const [quote] = await database.db
      .select({ id: quotes.id })
      .from(quotes)
      .where(eq(quotes.number, Number(url.pathname.split("-").pop())));
    expect((await quoteArtworkFiles(database.db, quote!.id)).map((a) => a.id)).toEqual([
      front.id,
      back.id,
    ]);

    // A day later the collector removes the upload no quote points at, and only that one.
    const dayLater = new Date(Date.now() + 25 * 60 * 60 * 1000);
    await collectUnusedUploads(
      { db: database.db, storage: context.services.storage },
      { now: dayLater },
    );
    expect(await storageKeys(stray.id)).toEqual([]);
    expect(await database.db.$count(uploads, eq(uploads.id, stray.id))).toBe(0);
    expect(await storageKeys(front.id)).toHaveLength(2);
    expect(await storageKeys(back.id)).toHaveLength(1);

    // The original: to admins only, as a download, never cached.
    const download = (cookie?: string) =>
      settle(() =>
        downloadLoader({
          request: new Request(`${context.env.PUBLIC_URL}/admin/quote-artwork/${back.id}`, {
            headers: cookie ? { cookie } : {},
          }),
          params: { uploadId: back.id },
          context,
        } as never),
      ) as Promise<Response>;
    const refused = await download();
    expect(refused.status).not.toBe(200);
    const file = await download(adminCookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="back\.pdf"/);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf());

    // Under /media the thumbnail is public and the originals are not.
    const app = express();
    app.use("/media", mediaHandler(context.services.storage));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/media`;
    try {
      expect((await fetch(`${base}/quote-artwork/${front.id}/thumb.webp`)).status).toBe(200);
      for (const key of [
        `quote-artwork/${front.id}/original.png`,
        `quote-artwork/${back.id}/original.pdf`,
        `quote-artwork/${back.id}/./original.pdf`,
        `quote-artwork//${back.id}/original.pdf`,
        `quote-artwork%2F${back.id}%2Foriginal.pdf`,
      ]) {
        expect((await fetch(`${base}/${key}`)).status, key).toBe(404);
      }
    } finally {
      server.close();
    }
  });

  it("asks for a new upload when the artwork is gone, and keeps the details typed", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const refused = await request({ [field.artwork(0, "front")]: missing, company: "Acme" });
    expect(refused.status).toBe(400);
    const answer = refused.data as FormResult<{
      errors: string[];
      contact: Record<string, string>;
    }>;
    expect(answer.data!.errors).toContain(
      "Line 1: the artwork for the front is no longer available. Please upload it again.",
    );
    expect(answer.data!.contact).toMatchObject({ ...contact, company: "Acme" });
    expect(await database.db.$count(quoteArtwork)).toBe(2);
  });
});
