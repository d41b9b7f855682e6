import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { brandLogos, successStories, uploads } from "~/platform/db/schema/index";
import { UPLOAD_MESSAGES } from "~/platform/uploads/uploads";
import * as logosScreen from "~/routes/admin/brand-logos";
import * as storiesScreen from "~/routes/admin/success-stories";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";

// A picture host on loopback: the test's stand-in for a pasted outside address.
const files: Record<string, { type: string; body: Buffer }> = {};
const host = createServer((req, res) => {
  const file = files[req.url ?? ""];
  if (!file) return res.writeHead(404).end("not found");
  res.writeHead(200, { "content-type": file.type, "content-length": file.body.length });
  res.end(file.body);
});
let base: string;
let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;

beforeAll(async () => {
  host.listen(0, "127.0.0.1");
  await once(host, "listening");
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  files["/team.jpg"] = {
    type: "image/jpeg",
    body: await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c33" } })
      .jpeg()
      .toBuffer(),
  };
  files["/notes.png"] = { type: "image/png", body: Buffer.from("not a picture at all\n") };
  files["/big.png"] = { type: "image/png", body: Buffer.alloc(6 * 1024 * 1024, 1) };
  database = await createTestDatabase();
  context = createTestContext(database.db, { env: { IMAGE_FETCH_PRIVATE_HOSTS: "127.0.0.1" } });
  await createAccount(context, "editor@example.com", "admin");
  cookie = await signIn(context, "editor@example.com");
});
afterAll(async () => {
  host.close();
  await database?.destroy();
});

type Screen = { action: (args: never) => unknown };
const post = (screen: Screen, url: string, form: Record<string, string>) =>
  outcome<{ ok: boolean; fieldErrors?: Record<string, string> }>(() =>
    screen.action({
      request: browserRequest(context, url, { cookie, form }),
      context,
      params: {},
    } as never),
  );
const story = (imageUrl: string) => ({
  intent: "save",
  title: `Story ${imageUrl}`,
  companyName: "Acme",
  description: "A store in a week.",
  isActive: "on",
  imageUrl,
  imageAlt: "The team",
});

it("imports a pasted picture address on save: the story shows the site's own copy", async () => {
  const answer = await post(storiesScreen, "/admin/success-stories", story(`${base}/team.jpg`));
  expect(answer.data).toMatchObject({ ok: true });
  const [saved] = await database.db
    .select()
    .from(successStories)
    .where(eq(successStories.title, `Story ${base}/team.jpg`));
  expect(saved!.imageUrl).toMatch(/^\/media\/admin-images\/[0-9a-f-]{36}\/900w\.webp$/);
  const [upload] = await database.db
    .select()
    .from(uploads)
    .where(eq(uploads.url, saved!.imageUrl!));
  expect(upload).toMatchObject({
    id: saved!.imageUploadId,
    alt: "The team",
    width: 900,
    height: 600,
  });
  const stored = await context.services.storage.get(saved!.imageUrl!.replace("/media/", ""));
  expect(stored?.contentType ?? "image/webp").toBe("image/webp");
});

it.each([
  ["not a picture", "/notes.png", UPLOAD_MESSAGES.notImage],
  ["over 5 MB", "/big.png", UPLOAD_MESSAGES.tooLarge],
  ["not there", "/missing.png", UPLOAD_MESSAGES.unreachable],
])(
  "refuses an address whose picture is %s, beside the field, saving nothing",
  async (_l, path, message) => {
    const before = await database.db.$count(successStories);
    const answer = await post(storiesScreen, "/admin/success-stories", story(`${base}${path}`));
    expect(answer.data).toMatchObject({ ok: false, fieldErrors: { imageUrl: message } });
    expect(await database.db.$count(successStories)).toBe(before);
  },
);

it("refuses a private address that is not allowed, for brand logos too", async () => {
  // No private host allowed; the same sign-in service, so the admin's cookie holds.
  const strict = createTestContext(database.db, { services: { auth: context.services.auth } });
  const answer = await outcome<{ ok: boolean; fieldErrors?: Record<string, string> }>(() =>
    logosScreen.action({
      request: browserRequest(strict, "/admin/brand-logos", {
        cookie,
        form: { intent: "save", name: "Acme", logoUrl: `${base}/team.jpg`, active: "on" },
      }),
      context: strict,
      params: {},
    } as never),
  );
  expect(answer.data).toMatchObject({
    ok: false,
    fieldErrors: { logoUrl: UPLOAD_MESSAGES.unreachable },
  });
  expect(await database.db.$count(brandLogos, eq(brandLogos.name, "Acme"))).toBe(0);
});
