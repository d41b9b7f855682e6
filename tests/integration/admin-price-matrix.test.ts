import { desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builderPage } from "~/capabilities/quotes/builder.server";
import { DEFAULT_PRICE_MATRIX, type PriceMatrix } from "~/capabilities/quotes/matrix";
import { matrixField as f, matrixFormFields } from "~/capabilities/quotes/matrix-form";
import { loadPriceMatrix } from "~/capabilities/quotes/matrix.server";
import { auditLog, contentVersion, users } from "~/platform/db/schema/index";
import * as screen from "~/routes/admin/price-matrix";
import { browserRequest, createAccount, signIn } from "../support/admin";
import { createTestContext } from "../support/context";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { outcome } from "../support/route";

let database: TestDatabase;
let context: AppLoadContext;
let cookie: string;
/** Signed in while an admin, then no longer one: the screen must refuse the session. */
let formerAdmin: string;
beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  context = createTestContext(database.db);
  await createAccount(context, "owner@example.com", "admin");
  const former = await createAccount(context, "former@example.com", "admin");
  cookie = await signIn(context, "owner@example.com");
  formerAdmin = await signIn(context, "former@example.com");
  await database.db.update(users).set({ role: "user" }).where(eq(users.id, former.id));
}, 180_000);
afterAll(() => database.destroy());

const load = (as = cookie) =>
  outcome<Awaited<ReturnType<typeof screen.loader>>>(() =>
    screen.loader({
      request: browserRequest(context, "/admin/price-matrix", { cookie: as }),
      context,
      params: {},
    } as never),
  );

const save = (form: Record<string, string>, as = cookie) =>
  outcome<{ ok: boolean; toast?: { title: string; description: string }; fieldErrors?: object }>(
    () =>
      screen.action({
        request: browserRequest(context, "/admin/price-matrix", {
          cookie: as,
          form: { intent: "save", ...form },
        }),
        context,
        params: {},
      } as never),
  );

const lastAudit = async () =>
  (await database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];

describe("the Price Matrix screen", () => {
  it("shows the stored matrix to an admin and nobody else", async () => {
    const { status, data } = await load();
    expect(status).toBe(200);
    expect(data.screen).toEqual({ matrix: DEFAULT_PRICE_MATRIX, warnings: [] });
    expect((await load(formerAdmin)).status).toBe(403);
    const anonymous = await load("");
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/auth/);
  });

  it("saves a change that the builder prices with at once, audited with before and after", async () => {
    const [versionBefore] = await database.db.select().from(contentVersion);
    const fields = matrixFormFields(DEFAULT_PRICE_MATRIX);
    fields[f.screenPrice(1, 1)] = "2.10"; // 48+ pieces, one colour: $2.25 → $2.10
    fields[f.deposit] = "40";
    const { status, data } = await save(fields);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ok: true,
      toast: { description: "Price matrix saved. New quotes are priced with it from now on." },
    });
    const builder = await builderPage(context, new URLSearchParams());
    expect(builder.matrix.screenPrint.tiers[1]!.prices[0]).toBe(210);
    expect(builder.matrix.depositPercent).toBe(40);
    expect(await lastAudit()).toMatchObject({
      actorEmail: "owner@example.com",
      action: "update",
      entityType: "quote_price_matrix",
      entityId: "1",
      before: { depositPercent: 50, screenPrint: { tiers: expect.arrayContaining([]) } },
      after: { depositPercent: 40 },
    });
    const audit = await lastAudit();
    expect((audit!.before as PriceMatrix).screenPrint.tiers[1]!.prices[0]).toBe(225);
    expect((audit!.after as PriceMatrix).screenPrint.tiers[1]!.prices[0]).toBe(210);
    // The audit retires the cached public pages.
    const [versionAfter] = await database.db.select().from(contentVersion);
    expect(versionAfter).not.toEqual(versionBefore);
  });

  it("answers 400 with each wrong field's message and keeps the stored matrix", async () => {
    const before = await loadPriceMatrix(database.db);
    const audits = await database.db.$count(auditLog);
    const fields = matrixFormFields(before);
    fields[f.screenPrice(0, 2)] = "abc";
    fields[f.embroideryMin(1)] = "6"; // the tier above starts at 12
    fields[f.deposit] = "150";
    const { status, data } = await save(fields);
    expect(status).toBe(400);
    expect(data).toEqual({
      ok: false,
      toast: {
        title: "Error",
        description: "The price matrix was not saved: 3 fields need attention.",
        variant: "destructive",
      },
      fieldErrors: {
        [f.screenPrice(0, 2)]: "Enter an amount in dollars, such as 3.75.",
        [f.embroideryMin(1)]: "Enter more than the tier above (12).",
        [f.deposit]: "Enter a whole percent from 0 to 100.",
      },
    });
    expect(await loadPriceMatrix(database.db)).toEqual(before);
    expect(await database.db.$count(auditLog)).toBe(audits);
  });

  it("saves a price that rises with quantity, and warns beside it", async () => {
    const fields = matrixFormFields(await loadPriceMatrix(database.db));
    fields[f.digitalPrice(2)] = "9.50"; // 24+ dearer than 12+ ($9)
    const { status, data } = await save(fields);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      ok: true,
      toast: {
        title: "Saved with warnings",
        description: "Price matrix saved, but 1 price rises with quantity: check the marked price.",
      },
    });
    expect((await loadPriceMatrix(database.db)).digitalPrint.tiers[2]!.prices).toBe(950);
    expect((await load()).data.screen!.warnings).toEqual([
      {
        field: f.digitalPrice(2),
        message: "Digital print, price a piece: 24+ pieces cost more than 12+ pieces.",
      },
    ]);
  });

  it("does not audit a save that changes nothing", async () => {
    const audits = await database.db.$count(auditLog);
    const { data } = await save(matrixFormFields(await loadPriceMatrix(database.db)));
    expect(data).toMatchObject({ ok: true, toast: { title: "No changes" } });
    expect(await database.db.$count(auditLog)).toBe(audits);
  });

  it("answers 400 to a form the screen does not post, and 403 to a signed-in non-admin", async () => {
    const fields = matrixFormFields(DEFAULT_PRICE_MATRIX);
    delete fields[f.screenMin(3)];
    expect((await save(fields)).status).toBe(400);
    expect(
      (
        await outcome(() =>
          screen.action({
            request: browserRequest(context, "/admin/price-matrix", {
              cookie,
              form: { intent: "delete" },
            }),
            context,
            params: {},
          } as never),
        )
      ).status,
    ).toBe(400);
    expect((await save(matrixFormFields(DEFAULT_PRICE_MATRIX), formerAdmin)).status).toBe(403);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, "former@example.com"));
    expect(audited).toEqual([]);
  });
});
