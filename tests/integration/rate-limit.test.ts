import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptSucceeded, startAttempt } from "~/platform/rate-limit/attempts.server";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
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

describe("the limit holds over any window, not per calendar minute", () => {
  const rule = { limit: 5, windowMs: 60_000 };
  const start = Date.UTC(2026, 10, 21, 13, 0, 0);

  it("refuses five more just after a minute boundary when five came just before it", async () => {
    const key = "contact:198.51.100.1";
    const before = [];
    for (let i = 0; i < 5; i++)
      before.push(await hitRateLimit(database.db, key, rule, start + 50_000 + i * 1000));
    const after = [];
    for (let i = 0; i < 5; i++)
      after.push(await hitRateLimit(database.db, key, rule, start + 61_000 + i * 1000));
    expect(before.map((r) => r.allowed)).toEqual([true, true, true, true, true]);
    // The old fixed window let all five through (10 in 17 s).
    expect(after.map((r) => r.allowed)).toEqual([false, false, false, false, false]);
    // The first slot frees when the first message is a minute old: at 110 s, 49 s after 61 s.
    expect(after[0]!.retryAfterSeconds).toBe(49);
    expect((await hitRateLimit(database.db, key, rule, start + 110_001)).allowed).toBe(true);
  });

  it("lets exactly the limit through when requests arrive at once", async () => {
    const key = "contact:198.51.100.2";
    const results = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(database.db, key, rule, start)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });
});

describe("failed attempts per account (ADR 019)", () => {
  const policy = { windowMs: 600_000, maxFailures: 10, delaysMs: [0, 0, 0, 5_000] };
  const start = Date.UTC(2026, 10, 21, 14, 0, 0);

  it("lets no more than the maximum start when they arrive at once from everywhere", async () => {
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        startAttempt(database.db, "sign-in-account:at-once", { ...policy, delaysMs: [0] }, start),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.find((r) => !r.allowed)).toEqual({ allowed: false, retryAfterSeconds: 600 });
  });

  it("waits after the fourth failure, and an attempt that was no failure is not counted", async () => {
    const key = "sign-in-account:growing";
    for (let i = 0; i < 3; i++) {
      const ok = await startAttempt(database.db, key, policy, start + i);
      expect(ok.allowed).toBe(true);
    }
    const right = await startAttempt(database.db, key, policy, start + 10);
    if (!right.allowed) throw new Error("expected to be allowed");
    await attemptSucceeded(database.db, key, right.at);
    expect((await startAttempt(database.db, key, policy, start + 20)).allowed).toBe(true);
    expect(await startAttempt(database.db, key, policy, start + 1_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 5,
    });
    expect((await startAttempt(database.db, key, policy, start + 5_020)).allowed).toBe(true);
  });
});
