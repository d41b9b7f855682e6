import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Work that runs outside a request.

/** Seeds that have run once; a seed never runs again, so admin edits and deletions stick. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

export const jobStatus = pgEnum("job_status", ["queued", "running", "succeeded", "failed"]);

/**
 * Long work as durable rows (catalogue sync, crawls): one active run per kind across every
 * instance, owned through a lease that another instance takes over when it runs out.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    status: jobStatus("status").notNull().default("queued"),
    params: jsonb("params"),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total"),
    /** Where a run taken over by another instance resumes. */
    checkpoint: jsonb("checkpoint"),
    result: jsonb("result"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    leaseOwner: text("lease_owner"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    error: text("error"),
    startedBy: text("started_by"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("jobs_one_active_per_kind")
      .on(t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt.desc()),
    index("jobs_due_idx").on(t.status, t.leaseUntil),
    check("jobs_progress_not_negative", sql`${t.progressDone} >= 0`),
  ],
);
