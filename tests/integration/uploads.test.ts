import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32 } from "node:zlib";
import { and, eq, gt, sql } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, successStories, uploads, users } from "~/platform/db/schema/index";
import { createJobRunner } from "~/platform/jobs/jobs.server";
import {
  type FileStorage,
  localFileStorage,
  s3FileStorage,
} from "~/platform/storage/storage.server";
import {
  collectUnusedUploads,
  describeUploads,
  UPLOAD_COLLECTION_JOB,
  uploadForAddress,
} from "~/platform/uploads/uploads.server";
import { UPLOAD_HINT, UPLOAD_MESSAGES, type UploadedImage } from "~/platform/uploads/uploads";
import { type FormResult, failed } from "~/platform/forms/result";
import { action as uploadAction } from "~/routes/resources/upload";
import { jobHandlers, jobSchedules } from "../../server/jobs";
import { mediaHandler } from "../../server/media";
import { createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";

// ---- Real files, made at test time ----------------------------------------------------------

const photo = (format: "png" | "jpeg" | "gif", width = 900, height = 600) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#1a4"/></svg>`,
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();

/** Random pixels do not compress: an 1800×1200 PNG of noise is over 5 MB. */
async function sixMegabytePng() {
  const width = 1800;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 4)
    pixels.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(png.length).toBeGreaterThan(5.5 * 1024 * 1024);
  return png;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring 20000×20000 pixels, followed by almost nothing. */
function hugePngHeader() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
);

// ---- Setup: one database, two storages ------------------------------------------------------

let database: TestDatabase;
let fakeS3: FakeS3;
let cookie: string;
const contexts: Record<string, AppLoadContext> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  fakeS3 = await startFakeS3();
  const local = createTestContext(database.db);
  const s3 = createTestContext(database.db, {
    // The same sign-in service, so one admin cookie works for both.
    services: {
      auth: local.services.auth,
      storage: s3FileStorage({
        bucket: fakeS3.bucket,
        region: "us-east-1",
        endpoint: fakeS3.endpoint,
        accessKeyId: fakeS3.accessKeyId,
        secretAccessKey: fakeS3.secretAccessKey,
        forcePathStyle: true,
      }),
    },
  });
  contexts.local = local;
  contexts.s3 = s3;
  await createAccount(local, "owner@example.com", "admin");
  await createAccount(local, "visitor@example.com", "user");
  cookie = await signIn(local, "owner@example.com");
});
afterAll(async () => {
  await fakeS3?.close();
  await database?.destroy();
});

function uploadRequest(
  context: AppLoadContext,
  file: { bytes: Buffer; name: string; type: string } | null,
  options: { alt?: string; cookie?: string; origin?: string } = {},
) {
  const form = new FormData();
  if (file)
    form.set("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  if (options.alt !== undefined) form.set("alt", options.alt);
  return new Request(`${context.env.PUBLIC_URL}/resources/upload`, {
    method: "POST",
    headers: { cookie: options.cookie ?? cookie, origin: options.origin ?? context.env.PUBLIC_URL },
    body: form,
  });
}

async function upload(context: AppLoadContext, request: Request) {
  const result = await settle(() => uploadAction({ request, context, params: {} } as never));
  // settle answers a data() result as the Response the browser would get.
  const response = result as Response;
  const body = (await response.json().catch(() => null)) as FormResult<UploadedImage>;
  return { status: response.status, body, image: body?.ok ? body.data : undefined };
}

async function serveStorage(storage: FileStorage) {
  const app = express();
  app.use("/media", mediaHandler(storage));
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

it("has the spec's texts", () => {
  expect(UPLOAD_MESSAGES.notImage).toBe("Please select an image file");
  expect(UPLOAD_MESSAGES.tooLarge).toBe("Image must be less than 5MB");
  expect(UPLOAD_MESSAGES.failed).toBe("Failed to upload image");
  expect(UPLOAD_HINT).toBe("PNG, JPG, GIF up to 5MB");
});

describe.each(["local", "s3"])("image uploads through the %s storage", (adapter) => {
  const context = () => contexts[adapter]!;

  it.each([
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["gif", "image/gif"],
  ] as const)(
    "stores a real %s as WebP web versions with srcset, size and alt",
    async (format, type) => {
      const bytes = await photo(format);
      const { status, image } = await upload(
        context(),
        uploadRequest(
          context(),
          { bytes, name: `photo.${format}`, type },
          { alt: "Team in new hoodies" },
        ),
      );
      expect(status).toBe(201);
      expect(image!.url).toMatch(/^\/media\/admin-images\/[0-9a-f-]{36}\/900w\.webp$/);
      expect(image!.width).toBe(900);
      expect(image!.height).toBe(600);
      expect(image!.alt).toBe("Team in new hoodies");
      const entries: string[] = image!.srcset.split(", ");
      expect(entries.map((e) => e.split(" ")[1])).toEqual(["320w", "640w", "900w"]);

      const served = await serveStorage(context().services.storage);
      try {
        for (const entry of entries) {
          const [url, w] = entry.split(" ");
          const response = await fetch(served.base + url);
          expect(response.status).toBe(200);
          expect(response.headers.get("content-type")).toBe("image/webp");
          expect(response.headers.get("x-content-type-options")).toBe("nosniff");
          expect(response.headers.get("cache-control")).toContain("max-age=31536000");
          const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          expect(meta.format).toBe("webp");
          expect(`${meta.width}w`).toBe(w);
        }
      } finally {
        await served.close();
      }
      const [row] = await database.db.select().from(uploads).where(eq(uploads.url, image!.url));
      expect(row).toMatchObject({
        sourceFormat: format,
        uploadedBy: "owner@example.com",
      });
    },
  );

  it.each([
    [
      "a text file renamed .png",
      () => Buffer.from("just some words, not pixels\n".repeat(50)),
      "notes.png",
      "image/png",
      400,
      UPLOAD_MESSAGES.notImage,
    ],
    [
      "an SVG with a script",
      () => svgWithScript,
      "logo.svg",
      "image/svg+xml",
      400,
      UPLOAD_MESSAGES.notImage,
    ],
    [
      "a truncated PNG",
      async () => (await photo("png", 1200, 800)).subarray(0, 3000),
      "cut.png",
      "image/png",
      400,
      UPLOAD_MESSAGES.notImage,
    ],
    [
      "a 20000×20000 PNG header",
      () => hugePngHeader(),
      "huge.png",
      "image/png",
      400,
      UPLOAD_MESSAGES.tooManyPixels,
    ],
    ["a 6 MB image", sixMegabytePng, "big.png", "image/png", 413, UPLOAD_MESSAGES.tooLarge],
  ])("refuses %s and stores nothing", async (_label, make, name, type, status, message) => {
    const before = await context().services.storage.list("admin-images/");
    const rowsBefore = await database.db.$count(uploads);
    const result = await upload(
      context(),
      uploadRequest(context(), { bytes: await make(), name, type }),
    );
    expect(result).toEqual({ status, body: failed(message) });
    expect(await context().services.storage.list("admin-images/")).toEqual(before);
    expect(await database.db.$count(uploads)).toBe(rowsBefore);
  });
});

describe("the upload endpoint", () => {
  const context = () => contexts.local!;

  it("asks for an image when the form has none", async () => {
    const result = await upload(context(), uploadRequest(context(), null, { alt: "x" }));
    expect(result).toEqual({ status: 400, body: failed(UPLOAD_MESSAGES.notImage) });
  });

  it("refuses a body declared over the limit without reading it", async () => {
    const request = new Request(`${context().env.PUBLIC_URL}/resources/upload`, {
      method: "POST",
      headers: {
        cookie,
        origin: context().env.PUBLIC_URL,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(1024 ** 3),
      },
      body: "--x--",
    });
    const result = await upload(context(), request);
    expect(result).toEqual({ status: 413, body: failed(UPLOAD_MESSAGES.tooLarge) });
  });

  it("cuts a 1 GB streamed body off after 5 MB instead of buffering it", async () => {
    let pulled = 0;
    const boundary = "----ms-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const piece = Buffer.alloc(64 * 1024, 7);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 0) {
          pulled += head.length;
          controller.enqueue(head);
        } else if (pulled < 1024 ** 3) {
          pulled += piece.length;
          controller.enqueue(piece);
        } else controller.close();
      },
    });
    const request = new Request(`${context().env.PUBLIC_URL}/resources/upload`, {
      method: "POST",
      headers: {
        cookie,
        origin: context().env.PUBLIC_URL,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: "half",
    } as RequestInit);
    const result = await upload(context(), request);
    expect(result).toEqual({ status: 413, body: failed(UPLOAD_MESSAGES.tooLarge) });
    expect(pulled).toBeLessThan(6 * 1024 * 1024);
  });

  it("is for admins only, from our own pages", async () => {
    const bytes = await photo("png", 40, 40);
    const file = { bytes, name: "a.png", type: "image/png" };
    const anonymous = await settle(() =>
      uploadAction({
        request: uploadRequest(context(), file, { cookie: "" }),
        context: context(),
        params: {},
      } as never),
    );
    expect(anonymous).toBeInstanceOf(Response);
    expect((anonymous as Response).status).toBe(302);

    // A session made while still an admin, whose role was then taken away.
    await database.db
      .update(users)
      .set({ role: "admin" })
      .where(eq(users.email, "visitor@example.com"));
    const visitor = await signIn({ ...context(), clientIp: "192.0.2.9" }, "visitor@example.com");
    await database.db
      .update(users)
      .set({ role: "user" })
      .where(eq(users.email, "visitor@example.com"));
    expect(
      (await upload(context(), uploadRequest(context(), file, { cookie: visitor }))).status,
    ).toBe(403);
    expect(
      (await upload(context(), uploadRequest(context(), file, { origin: "https://evil.example" })))
        .status,
    ).toBe(403);
  });

  it("keeps small images at their own size", async () => {
    const result = await upload(
      context(),
      uploadRequest(context(), {
        bytes: await photo("png", 120, 80),
        name: "a.png",
        type: "image/png",
      }),
    );
    expect(result.status).toBe(201);
    expect(result.image!.srcset).toMatch(/^\/media\/admin-images\/[^ ]+\/120w\.webp 120w$/);
    expect([result.image!.width, result.image!.height]).toEqual([120, 80]);
  });
});

describe.each(["local", "s3"])("collecting unused uploads (%s)", (adapter) => {
  const context = () => contexts[adapter]!;
  const uploadOne = async () =>
    (
      await upload(
        context(),
        uploadRequest(context(), {
          bytes: await photo("jpeg", 700, 400),
          name: "a.jpg",
          type: "image/jpeg",
        }),
      )
    ).image!;
  const dayLater = () => new Date(Date.now() + 25 * 60 * 60 * 1000);
  const dayAgo = () => new Date(Date.now() - 25 * 60 * 60 * 1000);

  it("keeps used and recent uploads, removes a deleted record's files a day later", async () => {
    const kept = await uploadOne();
    const replaced = await uploadOne();
    const [story] = await database.db
      .insert(successStories)
      .values({
        title: "T",
        companyName: "C",
        description: "D",
        imageUrl: replaced.url,
        imageUploadId: await uploadForAddress(database.db, replaced.url),
      })
      .returning();

    // The record switches to another upload, with alt text: the old one is let go.
    await database.db.transaction(async (tx) => {
      const imageUploadId = await uploadForAddress(tx, kept.url, "Kept photo");
      expect(imageUploadId).toBe(kept.id);
      await tx
        .update(successStories)
        .set({ imageUrl: kept.url, imageUploadId })
        .where(eq(successStories.id, story!.id));
    });
    expect((await describeUploads(database.db, [kept.id])).get(kept.id)?.alt).toBe("Kept photo");

    // Nothing is collected within the day.
    const prefixOf = (url: string) => url.split("/").slice(2, 4).join("/") + "/";
    await collectUnusedUploads({ db: database.db, storage: context().services.storage });
    expect(await context().services.storage.list(prefixOf(replaced.url))).not.toEqual([]);

    await collectUnusedUploads(
      { db: database.db, storage: context().services.storage },
      { now: dayLater() },
    );
    expect(await context().services.storage.list(prefixOf(replaced.url))).toEqual([]);
    expect(await context().services.storage.list(prefixOf(kept.url))).not.toEqual([]);

    // Deleting the record lets go of its image; a day later the files are gone.
    await database.db.delete(successStories).where(eq(successStories.id, story!.id));
    await collectUnusedUploads(
      { db: database.db, storage: context().services.storage },
      { now: dayLater() },
    );
    expect(await context().services.storage.list(prefixOf(kept.url))).toEqual([]);
    expect(await describeUploads(database.db, [kept.id, replaced.id])).toEqual(new Map());
  });

  it("a bundled picture address is no upload", async () => {
    expect(await uploadForAddress(database.db, "/media/brands/gildan.png", "Gildan")).toBeNull();
    expect(await uploadForAddress(database.db, null)).toBeNull();
  });

  it("never removes an image a record points at: the foreign key refuses", async () => {
    const image = await uploadOne();
    await database.db.insert(successStories).values({
      title: "T",
      companyName: "C",
      description: "D",
      imageUrl: image.url,
      imageUploadId: image.id,
    });
    await expect(database.db.delete(uploads).where(eq(uploads.id, image.id))).rejects.toSatisfy(
      (error: { cause?: { code?: string; message?: string } }) =>
        // RESTRICT reports 23001 on PGlite (PostgreSQL 17), 23503 on PostgreSQL 15.
        ["23001", "23503"].includes(error.cause?.code ?? "") &&
        /foreign key constraint/.test(error.cause?.message ?? ""),
    );
    await collectUnusedUploads(
      { db: database.db, storage: context().services.storage },
      { now: dayLater() },
    );
    const [row] = await database.db.select().from(uploads).where(eq(uploads.url, image.url));
    expect(row?.id).toBe(image.id);
    expect(
      await context().services.storage.list(image.url.split("/").slice(2, 4).join("/") + "/"),
    ).not.toEqual([]);
  });

  it("keeps an upload any table points at by foreign key, with no list of tables", async () => {
    const image = await uploadOne();
    const table = `test_refs_${adapter}`;
    await database.db.execute(
      sql.raw(`create table ${table} (upload_id uuid references uploads(id) on delete restrict)`),
    );
    try {
      await database.db.execute(sql.raw(`insert into ${table} values ('${image.id}')`));
      await collectUnusedUploads(
        { db: database.db, storage: context().services.storage },
        { now: dayLater() },
      );
      expect(await describeUploads(database.db, [image.id])).toHaveProperty("size", 1);

      await database.db.execute(sql.raw(`delete from ${table}`));
      await collectUnusedUploads(
        { db: database.db, storage: context().services.storage },
        { now: dayLater() },
      );
      expect(await describeUploads(database.db, [image.id])).toHaveProperty("size", 0);
    } finally {
      await database.db.execute(sql.raw(`drop table ${table}`));
    }
  });

  it("keeps an upload whose delete a foreign key refuses, even one its query cannot see", async () => {
    // A two-column foreign key is not among the columns the collector reads from pg_constraint,
    // so the upload is a candidate; deleting it in its savepoint fails and it stays.
    const [seen, unseen] = [await uploadOne(), await uploadOne()];
    const table = `test_pair_refs_${adapter}`;
    const run = (...statements: string[]) =>
      statements.reduce(
        (done, statement) => done.then(() => database.db.execute(sql.raw(statement))),
        Promise.resolve() as Promise<unknown>,
      );
    await run(
      `create unique index ${table}_key on uploads (id, key_prefix)`,
      `create table ${table} (upload_id uuid, key_prefix text,
        foreign key (upload_id, key_prefix) references uploads (id, key_prefix))`,
    );
    try {
      await database.db.execute(
        sql.raw(
          `insert into ${table} select id, key_prefix from uploads where id = '${unseen.id}'`,
        ),
      );
      await database.db.execute(
        sql.raw(`update uploads set created_at = created_at - interval '2 days'
          where id in ('${seen.id}', '${unseen.id}')`),
      );
      const removed = await collectUnusedUploads(
        { db: database.db, storage: context().services.storage },
        { now: new Date() },
      );
      expect(removed).toBeGreaterThanOrEqual(1);
      const left = await describeUploads(database.db, [seen.id, unseen.id]);
      expect([...left.keys()]).toEqual([unseen.id]);
      const prefixOf = (url: string) => url.split("/").slice(2, 4).join("/") + "/";
      expect(await context().services.storage.list(prefixOf(unseen.url))).not.toEqual([]);
    } finally {
      await run(`drop table ${table}`, `drop index ${table}_key`);
    }
  });

  it("is run by the server's job runner, once a day across instances", async () => {
    const unused = await uploadOne();
    await database.db
      .update(uploads)
      .set({ createdAt: dayAgo() })
      .where(eq(uploads.url, unused.url));
    // A day has passed since any earlier collection in this database.
    await database.db
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(jobs.kind, UPLOAD_COLLECTION_JOB));
    const since = new Date(Date.now() - 86_400_000);
    const { env, logger, services } = context();
    const handlers = jobHandlers({ db: database.db, env, logger, services });
    const schedules = jobSchedules.filter((s) => s.kind === UPLOAD_COLLECTION_JOB);
    const instances = ["one", "two"].map((owner) =>
      createJobRunner({ db: database.db, owner, handlers, schedules }),
    );
    await Promise.all(instances.map((runner) => runner.runDue()));
    await Promise.all(instances.map((runner) => runner.runDue()));

    const prefix = unused.url.split("/").slice(2, 4).join("/") + "/";
    expect(await services.storage.list(prefix)).toEqual([]);
    const runs = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, UPLOAD_COLLECTION_JOB), gt(jobs.createdAt, since)));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "succeeded", startedBy: "schedule" });
  });
});

it("local storage keeps files under DATA_DIR/uploads", () => {
  const storage = localFileStorage(mkdtempSync(path.join(tmpdir(), "ms-up-")));
  expect(storage.publicUrl("admin-images/x/320w.webp")).toBe("/media/admin-images/x/320w.webp");
});
