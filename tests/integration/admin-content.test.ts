import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  brandLogos,
  clientWebstoreExamples,
  faqs,
  successStories,
  uploads,
} from "~/platform/db/schema/index";
import { loadBrandLogos } from "~/capabilities/brand-logos/brand-logos.server";
import { loadSuccessStories } from "~/capabilities/success-stories/success-stories.server";
import { collectUnusedUploads, storeImageUpload } from "~/platform/uploads/uploads.server";
import { createImageFetchers } from "~/platform/uploads/image-fetch.server";
import * as logosScreen from "~/routes/admin/brand-logos";
import * as examplesScreen from "~/routes/admin/client-webstore-examples";
import { loadWebstoreExamples } from "~/capabilities/webstore-examples/webstore-examples.server";
import * as faqsScreen from "~/routes/admin/faqs";
import * as storiesScreen from "~/routes/admin/success-stories";
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
  // Pasted outside addresses are fetched on save; here every one answers with this picture
  // (the fetching itself is tested in image-import.test.ts).
  const outside = await sharp({
    create: { width: 64, height: 48, channels: 3, background: "#3a7" },
  })
    .png()
    .toBuffer();
  context = createTestContext(database.db, {
    services: { images: { ...createImageFetchers({}), fromAddress: async () => outside } },
  });
  await createAccount(context, "editor@example.com", "admin");
  cookie = await signIn(context, "editor@example.com");
});
afterAll(() => database.destroy());

type Screen = { loader: (args: never) => unknown; action: (args: never) => unknown };

async function load<Data>(screen: Screen, url: string) {
  return (
    await outcome<Data>(() =>
      screen.loader({
        request: browserRequest(context, url, { cookie }),
        context,
        params: {},
      } as never),
    )
  ).data;
}

async function post(screen: Screen, url: string, form: Record<string, string>) {
  return outcome<{
    ok: boolean;
    toast?: { title: string; description: string };
    fieldErrors?: Record<string, string>;
  }>(() =>
    screen.action({
      request: browserRequest(context, url, { cookie, form }),
      context,
      params: {},
    } as never),
  );
}

async function auditsOf(entityType: string, entityId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.createdAt));
}

async function uploadPng(alt = "") {
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: "#2255aa" },
  })
    .png()
    .toBuffer();
  return storeImageUpload(
    { db: database.db, storage: context.services.storage },
    { id: "test", email: "editor@example.com" } as never,
    { bytes, alt },
  );
}

/** Runs the unused-upload collector as it would a day from now; answers the uploads left. */
async function collectADayLater(...images: Array<{ url: string }>) {
  await collectUnusedUploads(
    { db: database.db, storage: context.services.storage },
    { now: new Date(Date.now() + 25 * 60 * 60 * 1000) },
  );
  const left = await database.db.select({ url: uploads.url }).from(uploads);
  return images.map((image) => left.some((row) => row.url === image.url));
}

// Each test starts from an empty table and creates the rows it needs, so any test runs alone.
const IMAGE_ADDRESS = "Enter a full image address (https://…) or upload an image.";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("Success Stories", () => {
  const url = "/admin/success-stories";
  const story = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    title: "A store in a week",
    companyName: "Acme Rowing",
    description: "They opened a team store in a week.",
    isActive: "on",
    ...overrides,
  });
  const byTitle = async (title: string) =>
    (await database.db.select().from(successStories).where(eq(successStories.title, title)))[0]!;
  const create = async (overrides: Record<string, string>) => {
    expect((await post(storiesScreen, url, story(overrides))).data.ok).toBe(true);
    return byTitle(overrides.title ?? story().title);
  };
  beforeEach(() => database.db.delete(successStories));

  it("requires title, company name and description: 'Validation Error'", async () => {
    const answer = await post(storiesScreen, url, story({ companyName: " ", description: "" }));
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: {
        title: "Validation Error",
        description: "Title, company name and description are required.",
      },
      fieldErrors: {
        companyName: "Title, company name and description are required.",
        description: "Title, company name and description are required.",
      },
    });
    expect(await database.db.select().from(successStories)).toHaveLength(0);
  });

  it("creates stories at 0, then the maximum + 1, audited, with the uploaded image in use", async () => {
    const image = await uploadPng();
    expect(
      (
        await post(
          storiesScreen,
          url,
          story({ title: "First", imageUrl: image.url, imageAlt: "Rowers" }),
        )
      ).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Success story created." },
    });
    expect((await post(storiesScreen, url, story({ title: "Second" }))).data.ok).toBe(true);
    const first = await byTitle("First");
    const second = await byTitle("Second");
    expect([first.displayOrder, second.displayOrder]).toEqual([0, 1]);
    expect(first.imageUrl).toBe(image.url);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, image.url));
    expect(upload).toMatchObject({ id: first.imageUploadId, alt: "Rowers" });
    expect((await auditsOf("success_story", first.id))[0]).toMatchObject({ action: "create" });

    const page = await load<{ stories: { rows: { title: string; imageAlt: string }[] } }>(
      storiesScreen,
      url,
    );
    expect(page.stories.rows.map((r) => [r.title, r.imageAlt])).toEqual([
      ["First", "Rowers"],
      ["Second", ""],
    ]);
  });

  it("edits a story; replacing the image releases the old upload", async () => {
    const image = await uploadPng();
    const first = await create({ title: "First", imageUrl: image.url });
    const replacement = await uploadPng();
    const answer = await post(
      storiesScreen,
      url,
      story({ id: first.id, title: "First, edited", imageUrl: replacement.url }),
    );
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { description: "Success story updated." },
    });
    const edited = await byTitle("First, edited");
    expect(edited).toMatchObject({ imageUrl: replacement.url, imageUploadId: replacement.id });
    // A day later the old upload is collected; the one the story shows stays.
    expect(await collectADayLater(image, replacement)).toEqual([false, true]);
    expect((await auditsOf("success_story", first.id))[0]).toMatchObject({ action: "update" });
  });

  it("refuses an image address that is not a web address", async () => {
    const answer = await post(storiesScreen, url, story({ imageUrl: "javascript:alert(1)" }));
    expect(answer.data).toMatchObject({ ok: false, fieldErrors: { imageUrl: IMAGE_ADDRESS } });
    expect(await database.db.select().from(successStories)).toHaveLength(0);
  });

  it("toggles active off and on, audited", async () => {
    const first = await create({ title: "First" });
    expect(
      (await post(storiesScreen, url, { intent: "toggle-active", id: first.id, value: "false" }))
        .data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Success story deactivated." },
    });
    expect((await byTitle("First")).isActive).toBe(false);
    expect((await auditsOf("success_story", first.id))[0]).toMatchObject({ action: "set-active" });
    await post(storiesScreen, url, { intent: "toggle-active", id: first.id, value: "true" });
    expect((await byTitle("First")).isActive).toBe(true);
  });

  it("answers a toggle of a missing story with 'Failed to update story status'", async () => {
    expectConsoleErrors(1);
    const answer = await post(storiesScreen, url, {
      intent: "toggle-active",
      id: MISSING_ID,
      value: "true",
    });
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { title: "Error", description: "Failed to update story status" },
    });
  });

  it("reorders: the second story moves to the top, audited", async () => {
    await create({ title: "First" });
    const second = await create({ title: "Second" });
    expect(
      (await post(storiesScreen, url, { intent: "move", id: second.id, position: "1" })).data.ok,
    ).toBe(true);
    const page = await load<{ stories: { rows: { title: string }[] } }>(storiesScreen, url);
    expect(page.stories.rows.map((r) => r.title)).toEqual(["Second", "First"]);
    expect((await auditsOf("success_story", second.id))[0]).toMatchObject({ action: "reorder" });
  });

  it("deletes a story, audited, and refuses an unknown intent with a 400", async () => {
    expect((await post(storiesScreen, url, { intent: "explode" })).status).toBe(400);
    const second = await create({ title: "Second" });
    expect(
      (await post(storiesScreen, url, { intent: "delete", id: second.id })).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Success story deleted." },
    });
    expect(
      await database.db.select().from(successStories).where(eq(successStories.id, second.id)),
    ).toHaveLength(0);
    expect((await auditsOf("success_story", second.id))[0]).toMatchObject({ action: "delete" });
  });
});

describe("FAQs", () => {
  const url = "/admin/faqs";
  const faq = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    question: "How fast?",
    answer: "<p>Two weeks.</p>",
    page: "pricing",
    isActive: "on",
    ...overrides,
  });
  const byQuestion = async (question: string) =>
    (await database.db.select().from(faqs).where(eq(faqs.question, question)))[0]!;
  const order = async () =>
    (await load<{ faqs: { rows: { question: string }[] } }>(faqsScreen, url)).faqs.rows.map(
      (row) => row.question,
    );
  const create = async (question: string, page = "pricing") => {
    expect((await post(faqsScreen, url, faq({ question, page }))).data.ok).toBe(true);
    return byQuestion(question);
  };
  /** 'How fast?' and 'Third' on the pricing page, 'Minimums?' on the home page between them. */
  const createThree = async () => {
    await create("How fast?");
    await create("Minimums?", "index");
    return create("Third");
  };
  beforeEach(() => database.db.delete(faqs));

  it("creates FAQs at 0, then the maximum + 1, audited; no field is required", async () => {
    const created = await post(faqsScreen, url, faq());
    expect(created.data).toMatchObject({ ok: true, toast: { description: "FAQ created." } });
    expect((await post(faqsScreen, url, faq({ question: "Minimums?", page: "" }))).data.ok).toBe(
      true,
    );
    expect((await post(faqsScreen, url, faq({ question: "Third", answer: "" }))).data.ok).toBe(
      true,
    );
    const first = await byQuestion("How fast?");
    expect(first).toMatchObject({ displayOrder: 0, page: "pricing", isActive: true });
    expect((created.data as { id?: string }).id).toBe(first.id);
    expect(await byQuestion("Minimums?")).toMatchObject({ displayOrder: 1, page: "index" });
    expect((await byQuestion("Third")).displayOrder).toBe(2);
    expect((await auditsOf("faq", first.id))[0]).toMatchObject({ action: "create" });
  });

  it("refuses a page that is not one of the six", async () => {
    const answer = await post(faqsScreen, url, faq({ page: "admin" }));
    expect(answer.data).toMatchObject({
      ok: false,
      fieldErrors: { page: "Choose the page the FAQ appears on." },
    });
    expect(await database.db.select().from(faqs)).toHaveLength(0);
  });

  it("edits an FAQ, audited", async () => {
    const first = await create("How fast?");
    const answer = await post(
      faqsScreen,
      url,
      faq({ id: first.id, question: "How fast, really?" }),
    );
    expect(answer.data).toMatchObject({ ok: true, toast: { description: "FAQ updated." } });
    expect(await byQuestion("How fast, really?")).toMatchObject({ id: first.id });
    expect((await auditsOf("faq", first.id))[0]).toMatchObject({ action: "update" });
  });

  it("toggles active, audited", async () => {
    const first = await create("How fast?");
    expect(
      (await post(faqsScreen, url, { intent: "toggle-active", id: first.id, value: "false" })).data,
    ).toMatchObject({ ok: true, toast: { description: "FAQ deactivated." } });
    expect((await byQuestion("How fast?")).isActive).toBe(false);
    expect((await auditsOf("faq", first.id))[0]).toMatchObject({ action: "set-active" });
  });

  it("lists FAQs grouped by page, each with its place on its own page; filters by page", async () => {
    await createThree();
    const all = await load<{ faqs: { rows: object[] } }>(faqsScreen, url);
    expect(all.faqs.rows).toMatchObject([
      { question: "Minimums?", page: "index", position: 1, pageTotal: 1 },
      { question: "How fast?", page: "pricing", position: 1, pageTotal: 2 },
      { question: "Third", page: "pricing", position: 2, pageTotal: 2 },
    ]);
    const pricing = await load<{ faqs: { rows: { question: string }[] } }>(
      faqsScreen,
      `${url}?shownOn=pricing`,
    );
    expect(pricing.faqs.rows.map((row) => row.question)).toEqual(["How fast?", "Third"]);
  });

  it("reorders within the FAQ's own page only: other pages keep their order", async () => {
    const third = await createThree();
    await post(faqsScreen, url, { intent: "move", id: third.id, position: "1" });
    expect(await order()).toEqual(["Minimums?", "Third", "How fast?"]);
    // Past the end of its page (two FAQs) is its page's end, never another page's place.
    await post(faqsScreen, url, { intent: "move", id: third.id, position: "3" });
    expect(await order()).toEqual(["Minimums?", "How fast?", "Third"]);
    expect((await byQuestion("Minimums?")).page).toBe("index");
    expect((await auditsOf("faq", third.id))[0]).toMatchObject({ action: "reorder" });
  });

  it("refuses a move to position 0 with a 400", async () => {
    const third = await create("Third");
    expect(
      (await post(faqsScreen, url, { intent: "move", id: third.id, position: "0" })).status,
    ).toBe(400);
  });

  it("deletes an FAQ, audited", async () => {
    const third = await createThree();
    expect((await post(faqsScreen, url, { intent: "delete", id: third.id })).data).toMatchObject({
      ok: true,
      toast: { description: "FAQ deleted." },
    });
    expect(await order()).toEqual(["Minimums?", "How fast?"]);
    expect((await auditsOf("faq", third.id))[0]).toMatchObject({ action: "delete" });
  });

  it("answers a delete of a missing FAQ with 'Failed to delete FAQ'", async () => {
    expectConsoleErrors(1);
    const answer = await post(faqsScreen, url, { intent: "delete", id: MISSING_ID });
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { description: "Failed to delete FAQ" },
    });
  });
});

describe("Brand Logos", () => {
  const url = "/admin/brand-logos";
  const logo = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    name: "Gildan",
    active: "on",
    ...overrides,
  });
  const byName = async (name: string) =>
    (await database.db.select().from(brandLogos).where(eq(brandLogos.name, name)))[0]!;
  const names = async () =>
    (await load<{ logos: { name: string }[] }>(logosScreen, url)).logos.map((row) => row.name);
  /** Gildan (active, an uploaded logo), Nike (inactive), Carhartt (active, no logo). */
  const addThree = async () => {
    const image = await uploadPng();
    const gildan = await post(
      logosScreen,
      url,
      logo({ logoUrl: image.url, logoAlt: "Gildan wordmark" }),
    );
    // No "active" field: a switch that is off sends nothing.
    const { active: _off, ...inactive } = logo({ name: "Nike" });
    const nike = await post(logosScreen, url, inactive);
    const carhartt = await post(logosScreen, url, logo({ name: "Carhartt" }));
    return { image, answers: [gildan, nike, carhartt] };
  };
  beforeEach(() => database.db.delete(brandLogos));

  it("lists none at first", async () => {
    expect((await load<{ logos: unknown[] }>(logosScreen, url)).logos).toEqual([]);
  });

  it("refuses a blank name: 'Brand name is required.'", async () => {
    const answer = await post(logosScreen, url, logo({ name: "   " }));
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { title: "Error", description: "Brand name is required." },
      fieldErrors: { name: "Brand name is required." },
    });
    expect(await database.db.select().from(brandLogos)).toHaveLength(0);
  });

  it("adds logos active, at order_index 0 then max + 1, audited, the upload in use", async () => {
    const { image, answers } = await addThree();
    expect(answers[0]!.data).toMatchObject({
      ok: true,
      toast: { description: "Brand logo added successfully." },
    });
    expect(answers.map((answer) => answer.data.ok)).toEqual([true, true, true]);
    const gildan = await byName("Gildan");
    expect(gildan).toMatchObject({ orderIndex: 0, active: true, logoUrl: image.url });
    expect(await byName("Nike")).toMatchObject({ orderIndex: 1, active: false });
    expect((await byName("Carhartt")).orderIndex).toBe(2);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, image.url));
    expect(gildan.logoUploadId).toBe(upload!.id);
    expect((await auditsOf("brand_logo", gildan.id))[0]).toMatchObject({ action: "create" });
  });

  it("the public carousel shows the active logos in order, uploads with srcset and size", async () => {
    await addThree();
    const brands = await loadBrandLogos(context);
    expect(brands.map((b) => b.name)).toEqual(["Gildan", "Carhartt"]);
    expect(brands[0]!.image).toMatchObject({
      width: 40,
      height: 30,
      alt: "Gildan wordmark",
      srcset: expect.stringContaining("40w"),
    });
    expect(brands[1]!.image).toBeNull();
  });

  it("updates a logo: 'Brand logo updated successfully.'", async () => {
    await post(logosScreen, url, logo({ name: "Nike" }));
    const nike = await byName("Nike");
    const answer = await post(logosScreen, url, logo({ id: nike.id, name: "Nike Golf" }));
    expect(answer.data).toMatchObject({
      ok: true,
      toast: { description: "Brand logo updated successfully." },
    });
    expect(await byName("Nike Golf")).toMatchObject({ id: nike.id });
    expect((await auditsOf("brand_logo", nike.id))[0]).toMatchObject({ action: "update" });
  });

  it("activates and deactivates with the spec's toasts", async () => {
    await addThree();
    const nike = await byName("Nike");
    expect(
      (await post(logosScreen, url, { intent: "toggle-active", id: nike.id, value: "true" })).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Brand logo activated successfully." },
    });
    expect((await byName("Nike")).active).toBe(true);
    expect(
      (await post(logosScreen, url, { intent: "toggle-active", id: nike.id, value: "false" })).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Brand logo deactivated successfully." },
    });
    expect((await byName("Nike")).active).toBe(false);
    expect((await auditsOf("brand_logo", nike.id))[0]).toMatchObject({ action: "set-active" });
  });

  it("reorders, and the carousel follows", async () => {
    await addThree();
    const carhartt = await byName("Carhartt");
    expect(
      (await post(logosScreen, url, { intent: "move", id: carhartt.id, position: "1" })).data.ok,
    ).toBe(true);
    expect(await names()).toEqual(["Carhartt", "Gildan", "Nike"]);
    expect((await loadBrandLogos(context)).map((b) => b.name)).toEqual(["Carhartt", "Gildan"]);
    expect((await auditsOf("brand_logo", carhartt.id))[0]).toMatchObject({ action: "reorder" });
  });

  it("deletes: 'Brand logo deleted successfully.', the upload released, audited", async () => {
    const { image } = await addThree();
    const gildan = await byName("Gildan");
    expect((await post(logosScreen, url, { intent: "delete", id: gildan.id })).data).toMatchObject({
      ok: true,
      toast: { description: "Brand logo deleted successfully." },
    });
    expect(await names()).toEqual(["Nike", "Carhartt"]);
    expect(await collectADayLater(image)).toEqual([false]);
    expect((await auditsOf("brand_logo", gildan.id))[0]).toMatchObject({ action: "delete" });
  });

  it("answers failures with the spec's words", async () => {
    expectConsoleErrors(2);
    expect((await post(logosScreen, url, { intent: "delete", id: MISSING_ID })).data).toMatchObject(
      {
        ok: false,
        toast: { description: "Failed to delete brand logo." },
      },
    );
    expect(
      (await post(logosScreen, url, { intent: "toggle-active", id: MISSING_ID, value: "true" }))
        .data,
    ).toMatchObject({ ok: false, toast: { description: "Failed to update brand logo." } });
  });
});

describe("Public pages", () => {
  beforeEach(() => database.db.delete(successStories));

  it("the home page's stories carry an image's srcset, size and alt, a pasted outside one too", async () => {
    const image = await uploadPng();
    const save = (title: string, imageUrl: string) =>
      post(storiesScreen, "/admin/success-stories", {
        intent: "save",
        title,
        companyName: "Acme",
        description: "With an image.",
        imageUrl,
        imageAlt: "Acme's team store",
        isActive: "on",
      });
    expect((await save("Outside", "https://cdn.example.com/a.png")).data.ok).toBe(true);
    expect((await save("Shown", image.url)).data.ok).toBe(true);
    const stories = await loadSuccessStories(context);
    expect(stories.ok).toBe(true);
    const imageOf = (title: string) => stories.items.find((story) => story.title === title)?.image;
    expect(imageOf("Shown")).toMatchObject({ width: 40, height: 30, alt: "Acme's team store" });
    expect(imageOf("Outside")).toMatchObject({ width: 64, height: 48, alt: "Acme's team store" });
  });
});

describe("Client Webstore Examples", () => {
  const url = "/admin/client-webstore-examples";
  const example = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    headerText: "Team store",
    companyName: "Acme Rowing",
    logoUrl: "https://cdn.example.com/acme.png",
    description: "Jerseys and hoodies for the club.",
    webstoreUrl: "https://acme.example.com",
    displayOrder: "",
    isActive: "on",
    ...overrides,
  });
  const byCompany = async (companyName: string) =>
    (
      await database.db
        .select()
        .from(clientWebstoreExamples)
        .where(eq(clientWebstoreExamples.companyName, companyName))
    )[0]!;
  const order = async () =>
    (
      await load<{ examples: { rows: { companyName: string }[] } }>(examplesScreen, url)
    ).examples.rows.map((row) => row.companyName);
  const create = async (overrides: Record<string, string>) => {
    expect((await post(examplesScreen, url, example(overrides))).data.ok).toBe(true);
    return byCompany(overrides.companyName ?? example().companyName);
  };
  beforeEach(() => database.db.delete(clientWebstoreExamples));

  it("requires every field, a web address for the logo and a display order of 1 or more", async () => {
    expect((await post(examplesScreen, url, example({ headerText: " " }))).data).toMatchObject({
      ok: false,
      fieldErrors: { headerText: "Header text is required." },
    });
    expect((await post(examplesScreen, url, example({ logoUrl: "not a url" }))).data).toMatchObject(
      {
        ok: false,
        fieldErrors: { logoUrl: IMAGE_ADDRESS },
      },
    );
    expect((await post(examplesScreen, url, example({ displayOrder: "0" }))).data).toMatchObject({
      ok: false,
      fieldErrors: { displayOrder: "Display order must be 1 or more." },
    });
    expect(await database.db.select().from(clientWebstoreExamples)).toHaveLength(0);
  });

  it("creates examples at list length + 1, audited; an uploaded logo is in use", async () => {
    const image = await uploadPng();
    expect(
      (await post(examplesScreen, url, example({ logoUrl: image.url, logoAlt: "Acme" }))).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Example created." },
    });
    expect(
      (await post(examplesScreen, url, example({ companyName: "Birch Bakery" }))).data.ok,
    ).toBe(true);
    const acme = await byCompany("Acme Rowing");
    expect(acme.displayOrder).toBe(1);
    expect((await byCompany("Birch Bakery")).displayOrder).toBe(2);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.url, image.url));
    expect(acme.logoUploadId).toBe(upload!.id);
    expect((await auditsOf("client_webstore_example", acme.id))[0]).toMatchObject({
      action: "create",
    });
    const shown = (await loadWebstoreExamples(context)).items.find(
      (e) => e.companyName === "Acme Rowing",
    );
    expect(shown?.image).toMatchObject({ width: 40, height: 30, alt: "Acme" });
  });

  it("edits, toggles and reorders, each audited", async () => {
    await create({ companyName: "Acme Rowing" });
    const birch = await create({ companyName: "Birch Bakery" });
    expect(
      (
        await post(
          examplesScreen,
          url,
          example({ id: birch.id, companyName: "Birch Bakery", headerText: "Bakery" }),
        )
      ).data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Example updated." },
    });
    expect(
      (await post(examplesScreen, url, { intent: "toggle-active", id: birch.id, value: "false" }))
        .data,
    ).toMatchObject({
      ok: true,
      toast: { description: "Example deactivated." },
    });
    expect((await byCompany("Birch Bakery")).isActive).toBe(false);
    await post(examplesScreen, url, { intent: "move", id: birch.id, position: "1" });
    expect(await order()).toEqual(["Birch Bakery", "Acme Rowing"]);
    expect((await auditsOf("client_webstore_example", birch.id)).map((a) => a.action)).toEqual([
      "reorder",
      "set-active",
      "update",
      "create",
    ]);
  });

  it("deletes an example, audited, its upload released", async () => {
    const image = await uploadPng();
    const acme = await create({ companyName: "Acme Rowing", logoUrl: image.url });
    await create({ companyName: "Birch Bakery" });
    expect((await post(examplesScreen, url, { intent: "delete", id: acme.id })).data).toMatchObject(
      {
        ok: true,
        toast: { description: "Example deleted." },
      },
    );
    expect(await order()).toEqual(["Birch Bakery"]);
    expect(await collectADayLater(image)).toEqual([false]);
    expect((await auditsOf("client_webstore_example", acme.id))[0]).toMatchObject({
      action: "delete",
    });
  });

  it("answers a delete of a missing example with 'Failed to delete example'", async () => {
    expectConsoleErrors(1);
    const answer = await post(examplesScreen, url, { intent: "delete", id: MISSING_ID });
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { description: "Failed to delete example" },
    });
  });
});
