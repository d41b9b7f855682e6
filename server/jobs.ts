import type { Logger } from "pino";
import type { Services } from "./services";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import { catalogFeed } from "~/capabilities/catalog/feed.server";
import {
  CATALOG_SYNC_JOB,
  type SyncOptions,
  catalogSyncHandler,
} from "~/capabilities/catalog/sync.server";
import { CATALOG_IMAGES_JOB, catalogImagesHandler } from "~/capabilities/catalog/images.server";
import {
  STOCK_REFRESH_JOB,
  inventoryFeed,
  stockRefreshHandler,
  stockRefreshSchedule,
} from "~/capabilities/catalog/stock.server";
import {
  KNOWLEDGE_CRAWL_JOB,
  knowledgeCrawlHandler,
} from "~/capabilities/knowledge/crawl-job.server";
import {
  RENEWAL_REMINDER_JOB,
  renewalReminderHandler,
} from "~/capabilities/subscriptions/renewal-reminders.server";
import { QUOTE_EXPIRY_JOB, quoteExpiryHandler } from "~/capabilities/quotes/lifecycle.server";
import type { JobHandler, JobSchedule } from "~/platform/jobs/jobs.server";
import { BACKUP_JOB, backupJobHandler, backupSchedule } from "~/platform/backup/job.server";
import {
  EMAIL_DELIVERY_JOB,
  emailDeliveryHandler,
  emailDeliverySchedule,
} from "~/platform/email/outbox.server";
import {
  UPLOAD_COLLECTION_JOB,
  uploadCollectionHandler,
  uploadCollectionSchedule,
} from "~/platform/uploads/uploads.server";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Kinds the job runner starts by itself: once shortly after the server starts, then once a day,
 * across every instance (the jobs table is the schedule's memory).
 */
export const jobSchedules: JobSchedule[] = [
  { kind: RENEWAL_REMINDER_JOB, everyMs: DAY_MS },
  // Also started by each sync; the daily run picks up the sample catalogue and retries failures.
  { kind: CATALOG_IMAGES_JOB, everyMs: DAY_MS },
  uploadCollectionSchedule,
  // Hourly, so a quote stops being accepted within the hour its valid-until day ends.
  { kind: QUOTE_EXPIRY_JOB, everyMs: HOUR_MS },
  // Per-SKU stock from S&S /v2/inventory/ between full syncs (skipped while S&S is not configured).
  stockRefreshSchedule,
];

/**
 * The schedules this configuration adds: email delivery rounds with SMTP_URL, backups every
 * BACKUP_EVERY_HOURS when set.
 */
export function configuredJobSchedules(env: Env): JobSchedule[] {
  return [...jobSchedules, ...emailDeliverySchedule(env), ...backupSchedule(env)];
}

export interface JobServices {
  db: Database;
  env: Env;
  logger: Logger;
  services: Pick<Services, "suppliers" | "email"> &
    Partial<Pick<Services, "storage" | "images" | "backups" | "crawler">>;
  /** Overrides the catalogue sync's options (tests: a shorter gap between S&S requests). */
  catalogSync?: SyncOptions;
}

/** Every kind of durable job the server runs, by kind. A new kind registers here. */
export function jobHandlers(services: JobServices): Record<string, JobHandler> {
  return {
    // Retries and what a restart left queued; a new email is sent at once by the outbox itself.
    [EMAIL_DELIVERY_JOB]: emailDeliveryHandler(services.services.email),
    // S&S allows 60 requests a minute; keep a margin for connection tests and other tools.
    [CATALOG_SYNC_JOB]: catalogSyncHandler(services.db, catalogFeed(services.services.suppliers), {
      requestsPerMinute: 50,
      ...services.catalogSync,
    }),
    // Through the S&S client, whose budget (60 requests a minute) the sync shares.
    [STOCK_REFRESH_JOB]: stockRefreshHandler(
      services.db,
      inventoryFeed(services.services.suppliers),
    ),
    ...(services.services.crawler && {
      [KNOWLEDGE_CRAWL_JOB]: knowledgeCrawlHandler({
        db: services.db,
        crawler: services.services.crawler,
        baseUrl: services.env.PUBLIC_URL,
        logger: services.logger,
      }),
    }),
    [RENEWAL_REMINDER_JOB]: renewalReminderHandler({
      db: services.db,
      email: services.services.email,
      publicUrl: services.env.PUBLIC_URL,
      secret: services.env.AUTH_SECRET,
    }),
    [QUOTE_EXPIRY_JOB]: quoteExpiryHandler(services.db),
    // Pictures go to file storage, fetched from the supplier image hosts.
    ...(services.services.storage &&
      services.services.images && {
        [CATALOG_IMAGES_JOB]: catalogImagesHandler({
          db: services.db,
          storage: services.services.storage,
          fetchImage: services.services.images.catalogue,
          ssImageBase: services.services.images.ssImageBase,
        }),
      }),
    ...(services.services.storage && {
      [UPLOAD_COLLECTION_JOB]: uploadCollectionHandler({
        db: services.db,
        storage: services.services.storage,
        logger: services.logger,
      }),
    }),
    // Only where the files can be reached too: a backup holds the database and the files.
    ...(services.services.storage &&
      services.services.backups && {
        [BACKUP_JOB]: backupJobHandler({
          db: services.db,
          driver: services.env.DATABASE_URL ? "postgres" : "pglite",
          storage: services.services.storage,
          store: services.services.backups,
          keep: services.env.BACKUP_KEEP,
          logger: services.logger,
        }),
      }),
  };
}
