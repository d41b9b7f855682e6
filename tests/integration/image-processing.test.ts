import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploads } from "~/platform/db/schema/index";
import { imagePool, processImage } from "~/platform/uploads/images.server";
import { UPLOAD_MESSAGES, type UploadedImage } from "~/platform/uploads/uploads";
import { type FormResult, failed } from "~/platform/forms/result";
import { action as uploadAction } from "~/routes/resources/upload";
import { createAccount, settle, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { type HostileImage, hostileImages } from "../support/hostile-images";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
// Made before the tests are collected, so each one is named after its image.
const images: HostileImage[] = await hostileImages();

beforeAll(async () => {
  database = await createTestDatabase();
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
});
afterAll(async () => {
  await database?.destroy();
});

async function upload(bytes: Buffer) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "image.png");
  const request = new Request(`${context.env.PUBLIC_URL}/resources/upload`, {
    method: "POST",
    headers: { cookie, origin: context.env.PUBLIC_URL },
    body: form,
  });
  const result = await settle(() => uploadAction({ request, context, params: {} } as never));
  // settle answers a data() result as the Response the browser would get.
  const response = result as Response;
  const body = (await response.json().catch(() => null)) as FormResult<UploadedImage>;
  return { status: response.status, body, image: body?.ok ? body.data : undefined };
}

it("makes twenty hostile images", () => {
  expect(images).toHaveLength(20);
});

it.each(images.map((image) => [image.name, image] as const))(
  "%s: a clear refusal in the upload messages, or a correct picture",
  async (_name, image) => {
    const rowsBefore = await database.db.$count(uploads);
    const { status, body, image: uploaded } = await upload(image.bytes);

    if ("refused" in image.outcome) {
      expect({ status, body }, image.name).toEqual({
        status: image.outcome.refused.status,
        body: failed(image.outcome.refused.error),
      });
      expect(await database.db.$count(uploads)).toBe(rowsBefore);
      return;
    }

    const expected = image.outcome.accepted;
    expect(status, `${image.name}: ${body.toast?.description}`).toBe(201);
    expect([uploaded!.width, uploaded!.height], image.name).toEqual([
      Math.min(expected.width, 1600),
      Math.round((expected.height * Math.min(expected.width, 1600)) / expected.width),
    ]);
    const key = uploaded!.url.replace(/^\/media\//, "");
    const stored = await context.services.storage.get(key);
    expect(stored, image.name).toBeTruthy();
    const { data, info } = await sharp(Buffer.concat(await stored!.body.toArray()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([uploaded!.width, uploaded!.height]);
    for (const point of expected.pixels ?? []) {
      const x = Math.floor(point.x * info.width);
      const y = Math.floor(point.y * info.height);
      const at = (y * info.width + x) * info.channels;
      const rgb = [...data.subarray(at, at + 3)];
      for (const [channel, value] of rgb.entries()) {
        // JPEG, CMYK and WebP round trips move a colour a little; a turned, mirrored or
        // misread picture moves it by far more.
        expect(
          Math.abs(value - point.rgb[channel]!),
          `${image.name} at ${point.x},${point.y}`,
        ).toBeLessThan(40);
      }
    }
  },
  30_000,
);

it("decodes one image at a time in the process; the others wait their turn", async () => {
  const photo = (hue: number) =>
    sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: hue, g: 90, b: 40 } },
    })
      .jpeg()
      .toBuffer();
  const inputs = await Promise.all([photo(10), photo(120), photo(230)]);
  const runs = inputs.map((bytes) => processImage(bytes));
  expect([imagePool.active, imagePool.queued]).toEqual([1, 2]);
  const results = await Promise.all(runs);
  expect(results.map((r) => r.variants.map((v) => v.width))).toEqual([
    [320, 640, 800],
    [320, 640, 800],
    [320, 640, 800],
  ]);
  expect([imagePool.active, imagePool.queued]).toEqual([0, 0]);
});

it("tells the uploader to retry when too many images are waiting", async () => {
  const bytes = await sharp({
    create: { width: 64, height: 64, channels: 3, background: "#888" },
  })
    .png()
    .toBuffer();
  const runs = Array.from({ length: 20 }, () =>
    processImage(bytes).then(
      () => "stored",
      (error: { status: number; message: string }) => `${error.status} ${error.message}`,
    ),
  );
  const outcomes = await Promise.all(runs);
  // One running and sixteen waiting; the three beyond are told to try again.
  expect(outcomes.filter((o) => o === "stored")).toHaveLength(17);
  expect(outcomes.filter((o) => o === `503 ${UPLOAD_MESSAGES.busy}`)).toHaveLength(3);
});
