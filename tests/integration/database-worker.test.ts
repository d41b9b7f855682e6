import fs from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { executePrepared } from "~/platform/db/prepared.server";
import type { Queryable } from "~/platform/db/queryable";
import { couponCodes } from "~/platform/db/schema/index";

// The server's embedded database runs on a worker thread (decision 021); this is its client.
// Without TEST_DATABASE_URL only: the PostgreSQL run has no PGlite to put on a worker.
const pgliteRun = !process.env.TEST_DATABASE_URL;

/** A migrated database on a worker, from the run's template when there is one. */
async function openInWorker() {
  const template = inject("databaseTemplates")?.plain;
  const loadDataDir = template ? new Blob([await fs.readFile(template)]) : undefined;
  return openDatabase({ dataDir: "memory://", loadDataDir, inWorker: true });
}

let database: DatabaseHandle;
beforeAll(async () => {
  if (pgliteRun) database = await openInWorker();
});
afterAll(() => database?.close());

const coupon = (code: string) => ({ code, discountPercentage: 10 });

describe.runIf(pgliteRun)("the embedded database on a worker thread", () => {
  it("stores and reads rows through Drizzle, with its types (dates, booleans, numbers)", async () => {
    const expiresAt = new Date("2030-01-02T03:04:05.000Z");
    await database.db.insert(couponCodes).values({ ...coupon("WORKER1"), expiresAt });
    const [row] = await database.db
      .select()
      .from(couponCodes)
      .where(eq(couponCodes.code, "WORKER1"));
    expect(row).toMatchObject({ code: "WORKER1", discountPercentage: 10, isActive: true });
    expect(row!.expiresAt).toEqual(expiresAt);
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("reports a failed statement with PostgreSQL's error code", async () => {
    await database.db.insert(couponCodes).values(coupon("TWICE"));
    const error = await database.db
      .insert(couponCodes)
      .values(coupon("twice"))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("keeps a transaction's statements together and undoes them when it throws", async () => {
    const other: Promise<unknown>[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(couponCodes).values(coupon("ROLLEDBACK"));
        // Asked for meanwhile, outside the transaction: answered after it ends, not inside it.
        other.push(database.db.$count(couponCodes, eq(couponCodes.code, "ROLLEDBACK")));
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await Promise.all(other)).toEqual([0]);

    await database.db.transaction(async (tx) => {
      await tx.insert(couponCodes).values(coupon("COMMITTED"));
    });
    expect(await database.db.$count(couponCodes, eq(couponCodes.code, "COMMITTED"))).toBe(1);
  });

  it("has the pg_trgm extension the catalogue search uses", async () => {
    const result = await database.db.execute(sql`select similarity('hoodie', 'hoody') as score`);
    expect(
      Number((result as unknown as { rows: { score: number }[] }).rows[0]!.score),
    ).toBeGreaterThan(0.3);
  });

  it("prepares a named statement once and answers each call as an unnamed one would", async () => {
    const statement = (n: number, text: string | null, data: object) =>
      sql`select ${n}::int + 1 as next, ${text}::text as text, ${JSON.stringify(data)}::jsonb as data,
        ${new Date("2030-01-02T03:04:05Z")}::timestamptz as at`;
    for (const [n, text, data] of [
      [1, "it's", { sizes: ["S", "M"] }],
      [41, null, {}],
    ] as const) {
      const prepared = await executePrepared(database.db, "test-echo", statement(n, text, data));
      expect(prepared).toMatchObject({ rows: [{ next: n + 1, text, data }] });
      const unnamed = await database.db.execute(statement(n, text, data));
      expect(prepared.rows).toEqual((unnamed as unknown as { rows: unknown[] }).rows);
    }
    const named = await executePrepared(
      database.db,
      "test-count",
      sql`select count(*)::int as n from pg_prepared_statements where name like 'test-echo-%'`,
    );
    expect(named.rows).toEqual([{ n: 1 }]);
  });

  it("answers the next call after a prepared statement failed, inside a transaction too", async () => {
    const divide = (tx: Queryable, by: number) =>
      executePrepared(tx, "test-divide", sql`select 84 / ${by}::int as q`);
    const error = await divide(database.db, 0).catch((e: Error) => e.cause);
    expect(error).toMatchObject({ code: "22012" }); // division by zero
    expect(await divide(database.db, 2)).toMatchObject({ rows: [{ q: 42 }] });
    expect(await database.db.transaction((tx) => divide(tx, 4))).toMatchObject({
      rows: [{ q: 21 }],
    });
  });

  it("leaves this thread free while a long statement runs", async () => {
    let timerFired = false;
    setTimeout(() => (timerFired = true), 1);
    const firedBeforeAnswer = await database.db
      .execute(sql`select count(*) from generate_series(1, 1000000)`)
      .then(() => timerFired);
    expect(firedBeforeAnswer).toBe(true);
  });

  it("dumps its data directory, which another database starts from", async () => {
    await database.db.insert(couponCodes).values(coupon("DUMPED"));
    const copy = await openDatabase({
      dataDir: "memory://",
      loadDataDir: await database.dumpDataDir!(),
    });
    try {
      expect(await copy.db.$count(couponCodes, eq(couponCodes.code, "DUMPED"))).toBe(1);
    } finally {
      await copy.close();
    }
  }, 90_000);

  it("refuses statements once closed", async () => {
    const own = await openInWorker();
    expect(await own.db.$count(couponCodes)).toBe(0);
    await own.close();
    await expect(own.db.$count(couponCodes)).rejects.toThrow();
  }, 90_000);
});
