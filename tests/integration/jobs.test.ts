import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { jobs } from "~/platform/db/schema/index";
import { inBackground } from "~/platform/db/statement-queue.server";
import {
  LEASE_EXPIRED_ERROR,
  type JobHandler,
  createJobRunner,
  getJob,
  startJob,
  startScheduledJob,
} from "~/platform/jobs/jobs.server";
import { type TestDatabase, createTestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

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
    let background = false;
    const handler: JobHandler = async (ctx) => {
      // Its statements give way to requests' on the embedded database.
      background = inBackground();
      for (let i = 1; i <= 4; i++) {
        // Progress alone, or saved with a checkpoint in the same write.
        if (i % 2) await ctx.progress(i, 4);
        else await ctx.saveCheckpoint({ i }, { done: i, total: 4 });
        seen.push((await getJob(database.db, ctx.job.id))!.progressDone);
      }
      return { total: 4 };
    };
    const runner = createJobRunner({ db: database.db, handlers: { count: handler } });
    const { job } = await startJob(database.db, "count", { startedBy: "admin@example.com" });
    expect(await runner.runDue()).toBe(1);
    const done = await getJob(database.db, job.id);
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(background).toBe(true);
    expect(inBackground()).toBe(false);
    expect(done).toMatchObject({
      checkpoint: { i: 4 },
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
    // Stop once the run has saved its checkpoint, as a server shutting down mid-run would.
    await vi.waitFor(async () =>
      expect((await getJob(database.db, job.id))!.checkpoint).toEqual({ page: 7 }),
    );
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

describe("scheduled jobs", () => {
  const DAY = 86_400_000;
  const runsOf = (kind: string) =>
    database.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.createdAt);
  const backdate = (kind: string, ms: number) =>
    database.db
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(jobs.kind, kind));

  it("starts a scheduled kind once a day across instances, however often they run", async () => {
    let calls = 0;
    const handlers = { daily: async () => ({ call: ++calls }) };
    const schedules = [{ kind: "daily", everyMs: DAY }];
    const a = createJobRunner({ db: database.db, owner: "a", handlers, schedules });
    const b = createJobRunner({ db: database.db, owner: "b", handlers, schedules });
    await Promise.all([a.runDue(), b.runDue()]);
    for (let i = 0; i < 3; i++) await Promise.all([a.runDue(), b.runDue()]);
    expect(calls).toBe(1);
    const [first] = await runsOf("daily");
    expect(first).toMatchObject({ status: "succeeded", startedBy: "schedule" });

    // Almost a day later nothing is due yet; a day later one new run, again only one.
    await backdate("daily", DAY - 60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(calls).toBe(1);
    await backdate("daily", DAY + 60_000);
    await Promise.all([a.runDue(), b.runDue()]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(calls).toBe(2);
    expect(await runsOf("daily")).toHaveLength(2);
  });

  it("does not queue another run while one is queued or running, however old", async () => {
    const schedule = { kind: "long-daily", everyMs: DAY };
    const { job } = await startJob(database.db, "long-daily");
    await backdate("long-daily", 3 * DAY);
    expect(await startScheduledJob(database.db, schedule)).toBe(false);
    await database.db
      .update(jobs)
      .set({ status: "running", leaseOwner: "elsewhere", leaseUntil: new Date(Date.now() + DAY) })
      .where(eq(jobs.id, job.id));
    expect(await startScheduledJob(database.db, schedule)).toBe(false);
    await database.db
      .update(jobs)
      .set({ status: "failed", leaseUntil: null })
      .where(eq(jobs.id, job.id));
    expect(await startScheduledJob(database.db, schedule)).toBe(true);
    expect(await runsOf("long-daily")).toHaveLength(2);
  });

  it("gives one run for many concurrent scheduled starts", async () => {
    const schedule = { kind: "racing-daily", everyMs: DAY };
    const started = await Promise.all(
      Array.from({ length: 6 }, () => startScheduledJob(database.db, schedule)),
    );
    expect(started.filter(Boolean)).toHaveLength(1);
    expect(await runsOf("racing-daily")).toHaveLength(1);
  });

  it("runs a scheduled kind shortly after start, from the runner's own poll, once a day", async () => {
    // The runner's clock and poll are faked; the database keeps real time.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      handlers: { "soon-daily": async () => ++calls },
      schedules: [{ kind: "soon-daily", everyMs: DAY }],
      scheduleDelayMs: 50,
      scheduleCheckMs: 20,
    });
    try {
      runner.start(20);
      await vi.advanceTimersByTimeAsync(60);
      await vi.waitFor(() => expect(calls).toBe(1));
      // Ten more schedule checks and polls within the day: still the one run.
      for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(20);
      await vi.waitFor(async () => {
        const [run] = await runsOf("soon-daily");
        expect(run).toMatchObject({ status: "succeeded" });
      });
      expect(await runsOf("soon-daily")).toHaveLength(1);
      expect(calls).toBe(1);
      // A day later (the run's row made older) the next check starts the next run.
      await database.db
        .update(jobs)
        .set({ createdAt: sql`now() - interval '2 days'` })
        .where(eq(jobs.kind, "soon-daily"));
      await vi.advanceTimersByTimeAsync(20);
      await vi.waitFor(() => expect(calls).toBe(2));
    } finally {
      await runner.stop();
      vi.useRealTimers();
    }
  });

  it("looks at a frequent kind every its own interval, the first at start when asked, keeping its newest runs", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    let calls = 0;
    const runner = createJobRunner({
      db: database.db,
      handlers: { frequent: async () => ++calls },
      schedules: [{ kind: "frequent", everyMs: 1_000, firstAfterMs: 0, keepFinished: 2 }],
      // The other kinds' first look and later looks: far away, so only `frequent`'s own count.
      scheduleDelayMs: 60_000,
      scheduleCheckMs: 60_000,
    });
    try {
      runner.start(100);
      // At start, not after the runner's schedule delay.
      await vi.waitFor(() => expect(calls).toBe(1));
      for (let run = 2; run <= 4; run++) {
        await vi.waitFor(async () =>
          expect((await runsOf("frequent")).every((r) => r.status === "succeeded")).toBe(true),
        );
        // The database's clock decides when a run is due: make the last one older than everyMs.
        await database.db
          .update(jobs)
          .set({ createdAt: sql`created_at - interval '2 seconds'` })
          .where(eq(jobs.kind, "frequent"));
        await vi.advanceTimersByTimeAsync(1_000);
        await vi.waitFor(() => expect(calls).toBe(run));
      }
      await vi.waitFor(async () => {
        // The first run was deleted as the fourth was queued: two finished runs kept, and the new one.
        const runs = await runsOf("frequent");
        expect(runs.map((r) => [r.status, r.result])).toEqual([
          ["succeeded", 2],
          ["succeeded", 3],
          ["succeeded", 4],
        ]);
      });
    } finally {
      await runner.stop();
      vi.useRealTimers();
    }
  });

  it("refuses a schedule for a kind it has no handler for", () => {
    expect(() =>
      createJobRunner({
        db: database.db,
        handlers: {},
        schedules: [{ kind: "orphan", everyMs: DAY }],
      }),
    ).toThrow(/orphan/);
  });
});
