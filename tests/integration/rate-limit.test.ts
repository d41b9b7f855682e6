import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hitRateLimit } from "~/features/rate-limit/rate-limit.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("rate limits kept in the database", () => {
  const rule = { limit: 3, windowMs: 60_000 };
  const start = Date.UTC(2026, 10, 21, 12, 0, 0);

  it("allows the limit, refuses the next, and forgets in the next window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(await hitRateLimit(database.db, "contact:1.2.3.4", rule, start + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(60);
    expect((await hitRateLimit(database.db, "contact:1.2.3.4", rule, start + 60_000)).allowed).toBe(
      true,
    );
  });

  it("counts each key on its own", async () => {
    for (let i = 0; i < 3; i++) await hitRateLimit(database.db, "contact:5.6.7.8", rule, start);
    expect((await hitRateLimit(database.db, "contact:9.9.9.9", rule, start)).allowed).toBe(true);
  });
});
