import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors";
import { runInBackground } from "~/platform/db/statement-queue.server";
import { heavyWork } from "~/platform/lib/heap-headroom";
import { jobs } from "~/platform/db/schema/index";
import { claimRows, incremented, leaseUntil } from "./lease.server";

export type Job = typeof jobs.$inferSelect;

/** What a handler gets for one run: report progress, save where to resume, notice losing the lease. */
export interface JobContext {
  job: Job;
  /** Aborted when the runner stops or another instance has taken the run over. */
  signal: AbortSignal;
  progress(done: number, total?: number | null): Promise<void>;
  /**
   * Saved with the run; a run taken over after a crash starts again from here. With `progress`,
   * the progress it stands for is saved in the same write: on the embedded database every write
   * is one that other requests wait for.
   */
  saveCheckpoint(
    checkpoint: unknown,
    progress?: { done: number; total?: number | null },
  ): Promise<void>;
}

export type JobHandler = (ctx: JobContext) => Promise<unknown>;

const STOPPED = new Error("runner stopped");

export const LEASE_EXPIRED_ERROR = "The server running this job stopped before it finished.";

/**
 * Starts a run of `kind` unless one is already queued or running (on any instance): the
 * partial unique index `jobs_one_active_per_kind` decides, so two concurrent starts give one run.
 */
export async function startJob(
  db: Database,
  kind: string,
  options: { startedBy?: string; params?: unknown; maxAttempts?: number } = {},
): Promise<{ job: Job; created: boolean }> {
  try {
    const [job] = await db
      .insert(jobs)
      .values({
        kind,
        startedBy: options.startedBy,
        params: options.params ?? null,
        maxAttempts: options.maxAttempts,
      })
      .returning();
    return { job: job!, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const active = await activeJob(db, kind);
    // The other run finished between our insert and this read: start again.
    if (!active) return startJob(db, kind, options);
    return { job: active, created: false };
  }
}

/** A kind the runner starts by itself: at most once per `everyMs` across every instance. */
export interface JobSchedule {
  kind: string;
  everyMs: number;
  /**
   * After `start`, how long until this kind is first looked at; the runner's `scheduleDelayMs`
   * when unset. 0 for work a restart must pick up at once (emails left queued).
   */
  firstAfterMs?: number;
  /**
   * How many finished runs of this kind are kept; older ones are deleted as new runs are queued.
   * For frequent kinds (every few seconds), whose history would otherwise grow without end.
   */
  keepFinished?: number;
}

/**
 * Queues a run of a scheduled kind unless one was created within `everyMs` (whatever became of
 * it) or is still queued or running. One statement decides: a concurrent insert from another
 * instance either is seen by the `not exists`, or waits on the one-active-per-kind index and is
 * refused by it, so two instances never both start a run in the same window.
 */
export async function startScheduledJob(db: Database, schedule: JobSchedule) {
  const seconds = Math.max(1, Math.floor(schedule.everyMs / 1000));
  try {
    const result = await db.execute(sql`
      insert into ${jobs} (kind, started_by)
      select ${schedule.kind}, 'schedule'
      where not exists (
        select 1 from ${jobs}
        where kind = ${schedule.kind}
          and (status in ('queued', 'running')
               or created_at > now() - make_interval(secs => ${seconds}))
      )
      returning id`);
    // Both drivers answer `execute` with `{ rows }`.
    const started = (result as unknown as { rows: unknown[] }).rows.length > 0;
    if (started && schedule.keepFinished !== undefined) await pruneFinished(db, schedule);
    return started;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Deletes the finished runs of a scheduled kind beyond its newest `keepFinished`. */
async function pruneFinished(db: Database, schedule: JobSchedule) {
  await db.execute(sql`
    delete from ${jobs}
    where kind = ${schedule.kind}
      and status in ('succeeded', 'failed')
      and id not in (
        select id from ${jobs}
        where kind = ${schedule.kind} and status in ('succeeded', 'failed')
        order by created_at desc
        limit ${schedule.keepFinished ?? 0}
      )`);
}

export async function activeJob(db: Database, kind: string) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"])));
  return job;
}

export async function getJob(db: Database, id: string) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}

export async function recentJobs(db: Database, kind: string, limit = 5) {
  return db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .orderBy(desc(jobs.createdAt))
    .limit(limit);
}

export interface JobRunner {
  /**
   * Queues the scheduled kinds whose time has come, then claims and runs what is due once
   * (queued runs, runs whose lease ran out); resolves when done.
   */
  runDue(): Promise<number>;
  start(pollMs?: number): void;
  stop(): Promise<void>;
  readonly owner: string;
}

export function createJobRunner(options: {
  db: Database;
  handlers: Record<string, JobHandler>;
  /** How long a run is ours without a heartbeat; heartbeats come every third of it. */
  leaseMs?: number;
  owner?: string;
  onError?: (error: unknown, job?: Job) => void;
  /** Kinds started by the runner itself, at most once per their `everyMs` across instances. */
  schedules?: JobSchedule[];
  /** After `start`, how long until the schedules are first looked at (see `firstAfterMs`). */
  scheduleDelayMs?: number;
  /**
   * How often the schedules are looked at after that; a run is due within this of its time. A
   * kind scheduled more often than this is looked at every `everyMs`.
   */
  scheduleCheckMs?: number;
}): JobRunner {
  const { db, handlers } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const owner = options.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const kinds = Object.keys(handlers);
  const schedules = options.schedules ?? [];
  for (const schedule of schedules) {
    if (!handlers[schedule.kind]) throw new Error(`scheduled job ${schedule.kind} has no handler`);
  }
  const scheduleCheckMs = options.scheduleCheckMs ?? 10 * 60_000;
  /** When `start`'s poll next looks at each schedule (by kind). */
  const nextCheck = new Map<string, number>();
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopping = false;

  /** Runs that lost their server and have no attempts left are failed, so the kind can start again. */
  async function failExhausted(now: Date) {
    await db
      .update(jobs)
      .set({ status: "failed", error: LEASE_EXPIRED_ERROR, finishedAt: now, leaseUntil: null })
      .where(
        and(
          eq(jobs.status, "running"),
          lte(jobs.leaseUntil, now),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      );
  }

  /** Queues the scheduled kinds whose time has come; another instance may already have. */
  async function startScheduled(due = schedules) {
    for (const schedule of due) await startScheduledJob(db, schedule);
  }

  /** The schedules `start`'s poll looks at now, each then not again for its own interval. */
  function schedulesToCheck() {
    const now = Date.now();
    const due = schedules.filter((schedule) => now >= nextCheck.get(schedule.kind)!);
    for (const schedule of due) {
      nextCheck.set(schedule.kind, now + Math.min(schedule.everyMs, scheduleCheckMs));
    }
    return due;
  }

  async function claim() {
    if (!kinds.length) return [];
    const now = new Date();
    await failExhausted(now);
    return claimRows(db, jobs, {
      id: jobs.id,
      due: and(
        inArray(jobs.kind, kinds),
        or(eq(jobs.status, "queued"), and(eq(jobs.status, "running"), lte(jobs.leaseUntil, now))),
      ),
      orderBy: jobs.createdAt,
      limit: 5,
      set: {
        status: "running",
        leaseOwner: owner,
        leaseUntil: leaseUntil(leaseMs, now),
        attempts: incremented(jobs.attempts),
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      },
    });
  }

  /** Updates our run only while we still own it; false once another instance has taken it over. */
  async function updateOwned(id: string, set: Partial<typeof jobs.$inferInsert>) {
    const rows = await db
      .update(jobs)
      .set(set)
      .where(and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), eq(jobs.status, "running")))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  async function run(job: Job) {
    const handler = handlers[job.kind]!;
    const controller = new AbortController();
    const lost = () => controller.abort(new Error("lease lost"));
    const renew = async () => {
      if (!(await updateOwned(job.id, { leaseUntil: leaseUntil(leaseMs) }))) lost();
    };
    const heartbeat = setInterval(
      () => {
        renew().catch((error) => options.onError?.(error, job));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    /** A write of the run's progress (when given) renews its lease too. */
    const progressed = (progress?: { done: number; total?: number | null }) => {
      const set: Partial<typeof jobs.$inferInsert> = { leaseUntil: leaseUntil(leaseMs) };
      if (progress) set.progressDone = progress.done;
      if (progress?.total !== undefined) set.progressTotal = progress.total;
      return set;
    };
    const ctx: JobContext = {
      job,
      signal: controller.signal,
      async progress(done, total) {
        if (!(await updateOwned(job.id, progressed({ done, total })))) lost();
        controller.signal.throwIfAborted();
      },
      async saveCheckpoint(checkpoint, progress) {
        if (!(await updateOwned(job.id, { ...progressed(progress), checkpoint }))) lost();
        controller.signal.throwIfAborted();
      },
    };
    const done = (async () => {
      try {
        const result = await heavyWork(() => runInBackground(() => handler(ctx)));
        await updateOwned(job.id, {
          status: "succeeded",
          result: result ?? null,
          error: null,
          finishedAt: new Date(),
          leaseUntil: null,
        });
      } catch (error) {
        if (controller.signal.aborted) {
          // Shutting down: hand the run back at once so the next instance resumes it from its
          // checkpoint. Taken over: the row is no longer ours to touch.
          if (controller.signal.reason === STOPPED) {
            await updateOwned(job.id, { leaseUntil: new Date() }).catch(() => {});
          }
          return;
        }
        options.onError?.(error, job);
        await updateOwned(job.id, {
          status: "failed",
          error: error instanceof Error ? error.message : String(error),
          finishedAt: new Date(),
          leaseUntil: null,
        });
      } finally {
        clearInterval(heartbeat);
        active.delete(job.id);
      }
    })();
    active.set(job.id, { controller, done });
    return done;
  }

  async function runDue() {
    if (stopping) return 0;
    await startScheduled();
    const claimed = await claim();
    await Promise.all(claimed.map(run));
    return claimed.length;
  }

  return {
    owner,
    runDue,
    start(pollMs = 1_000) {
      if (timer) return;
      stopping = false;
      const startedAt = Date.now();
      for (const schedule of schedules) {
        const delay = schedule.firstAfterMs ?? options.scheduleDelayMs ?? 15_000;
        nextCheck.set(schedule.kind, startedAt + delay);
      }
      const tick = () => {
        const due = schedulesToCheck();
        // Runs go on in the background; the poll only claims new ones.
        const scheduled = due.length
          ? startScheduled(due).catch((error) => options.onError?.(error))
          : Promise.resolve();
        scheduled
          .then(() => claim())
          .then((claimed) => claimed.forEach((job) => void run(job)))
          .catch((error) => options.onError?.(error));
      };
      tick();
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      clearInterval(timer);
      timer = undefined;
      const running = [...active.values()];
      for (const { controller } of running) controller.abort(STOPPED);
      await Promise.all(running.map((r) => r.done));
    },
  };
}
