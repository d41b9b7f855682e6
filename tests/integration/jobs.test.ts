import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "~/db/schema";
import {
  LEASE_EXPIRED_ERROR,
  type JobHandler,
  createJobRunner,
  getJob,
  startJob,
} from "~/features/jobs/jobs.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("durable jobs", () => {
  it("gives one run for two concurrent starts of the same kind", async () => {
    const [a, b] = await Promise.all([
      startJob(database.db, "concurrent", { startedBy: "a@example.com" }),
      startJob(database.db, "concurrent", { startedBy: "b@example.com" }),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.job.id).toBe(b.job.id);
    expect(await database.db.$count(jobs, eq(jobs.kind, "concurrent"))).toBe(1);
  });

  it("runs a job to the end with its progress and result, then allows a new run", async () => {
    const seen: number[] = [];
    const handler: JobHandler = async (ctx) => {
      for (let i = 1; i <= 4; i++) {
        await ctx.progress(i, 4);
        seen.push((await getJob(database.db, ctx.job.id))!.progressDone);
      }
      return { total: 4 };
    };
    const runner = createJobRunner({ db: database.db, handlers: { count: handler } });
    const { job } = await startJob(database.db, "count", { startedBy: "admin@example.com" });
    expect(await runner.runDue()).toBe(1);
    const done = await getJob(database.db, job.id);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(done).toMatchObject({
      status: "succeeded",
      progressDone: 4,
      progressTotal: 4,
      attempts: 1,
      result: { total: 4 },
      startedBy: "admin@example.com",
    });
    expect(done!.finishedAt).toBeInstanceOf(Date);
    expect((await startJob(database.db, "count")).created).toBe(true);
  });

  it("records a handler's error and lets the kind start again", async () => {
    const runner = createJobRunner({
      db: database.db,
      handlers: {
        broken: async () => {
          throw new Error("feed unreachable");
        },
      },
    });
    const { job } = await startJob(database.db, "broken");
    await runner.runDue();
    expect(await getJob(database.db, job.id)).toMatchObject({
      status: "failed",
      error: "feed unreachable",
    });
    expect((await startJob(database.db, "broken")).created).toBe(true);
  });

  it("takes over a run whose server died once its lease runs out, resuming from its checkpoint", async () => {
    let resumedFrom: unknown;
    const { job } = await startJob(database.db, "resumable");
    // Server A claimed the run, saved a checkpoint, then its process died: only its lease is left.
    await database.db
      .update(jobs)
      .set({
        status: "running",
        attempts: 1,
        leaseOwner: "server-a",
        leaseUntil: new Date(Date.now() + 60_000),
        checkpoint: { next: 3 },
        progressDone: 2,
      })
      .where(eq(jobs.id, job.id));
    const survivor = createJobRunner({
      db: database.db,
      owner: "server-b",
      leaseMs: 300,
      handlers: {
        resumable: async (ctx) => {
          resumedFrom = ctx.job.checkpoint;
          await ctx.progress(5, 5);
          return "ok";
        },
      },
    });
    // The lease is still held: nothing to take.
    expect(await survivor.runDue()).toBe(0);
    // Time passes without heartbeats from server A.
    await database.db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1) })
      .where(eq(jobs.id, job.id));
    expect(await survivor.runDue()).toBe(1);
    expect(resumedFrom).toEqual({ next: 3 });
    expect(await getJob(database.db, job.id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
      leaseOwner: "server-b",
      progressDone: 5,
    });
  });

  it("marks a run failed when its lease runs out with no attempts left, and can start again", async () => {
    const { job } = await startJob(database.db, "exhausted", { maxAttempts: 1 });
    await database.db
      .update(jobs)
      .set({
        status: "running",
        attempts: 1,
        leaseOwner: "dead",
        leaseUntil: new Date(Date.now() - 1000),
      })
      .where(eq(jobs.id, job.id));
    const runner = createJobRunner({
      db: database.db,
      handlers: { exhausted: async () => "never" },
    });
    expect(await runner.runDue()).toBe(0);
    expect(await getJob(database.db, job.id)).toMatchObject({
      status: "failed",
      error: LEASE_EXPIRED_ERROR,
    });
    const again = await startJob(database.db, "exhausted");
    expect(again.created).toBe(true);
    expect(await runner.runDue()).toBe(1);
    expect((await getJob(database.db, again.job.id))!.status).toBe("succeeded");
  });

  it("hands a run back on shutdown so a restarted server continues it", async () => {
    let calls = 0;
    const handler: JobHandler = async (ctx) => {
      calls += 1;
      if (calls === 1) {
        await ctx.saveCheckpoint({ page: 7 });
        await new Promise((_, reject) =>
          ctx.signal.addEventListener("abort", () => reject(ctx.signal.reason)),
        );
      }
      return { resumedAt: ctx.job.checkpoint };
    };
    const first = createJobRunner({ db: database.db, handlers: { restartable: handler } });
    const { job } = await startJob(database.db, "restartable");
    first.start(20);
    for (let i = 0; i < 100 && calls === 0; i++) await sleep(10);
    await sleep(50);
    await first.stop();
    expect((await getJob(database.db, job.id))!.status).toBe("running");
    const second = createJobRunner({ db: database.db, handlers: { restartable: handler } });
    expect(await second.runDue()).toBe(1);
    expect(await getJob(database.db, job.id)).toMatchObject({
      status: "succeeded",
      result: { resumedAt: { page: 7 } },
    });
  });

  it("stops a run that another instance has taken over", async () => {
    let aborted = false;
    const runner = createJobRunner({
      db: database.db,
      owner: "slow",
      leaseMs: 150,
      handlers: {
        stolen: async (ctx) => {
          await database.db
            .update(jobs)
            .set({ leaseOwner: "thief" })
            .where(eq(jobs.id, ctx.job.id));
          try {
            await ctx.progress(1, 2);
          } catch {
            aborted = ctx.signal.aborted;
          }
          throw new Error("should not be recorded");
        },
      },
    });
    const { job } = await startJob(database.db, "stolen");
    await runner.runDue();
    expect(aborted).toBe(true);
    const row = await getJob(database.db, job.id);
    expect(row).toMatchObject({ status: "running", leaseOwner: "thief", error: null });
  });
});
