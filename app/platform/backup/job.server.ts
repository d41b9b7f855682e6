import type { Logger } from "pino";
import type { Env } from "~/platform/config/env.server";
import type { Database } from "~/platform/db/client.server";
import type { JobHandler, JobSchedule } from "~/platform/jobs/jobs.server";
import type { FileStorage } from "~/platform/storage/storage.server";
import { writeBackup } from "./archive.server";
import type { BackupStore } from "./store.server";

export const BACKUP_JOB = "backup";

/** The scheduled backup, when BACKUP_EVERY_HOURS asks for one. */
export function backupSchedule(env: Pick<Env, "BACKUP_EVERY_HOURS">): JobSchedule[] {
  return env.BACKUP_EVERY_HOURS > 0
    ? [{ kind: BACKUP_JOB, everyMs: env.BACKUP_EVERY_HOURS * 3_600_000 }]
    : [];
}

/** Writes a backup to the store, then keeps only the newest `keep`. */
export function backupJobHandler(options: {
  db: Database;
  driver: "pglite" | "postgres";
  storage: FileStorage;
  store: BackupStore;
  keep: number;
  logger: Logger;
}): JobHandler {
  return async () => {
    const saved = await options.store.save((out) =>
      writeBackup({ db: options.db, driver: options.driver, storage: options.storage }, out),
    );
    const removed = await options.store.prune(options.keep);
    const result = {
      location: saved.location,
      bytes: saved.bytes,
      files: saved.manifest.files,
      removed: removed.length,
    };
    options.logger.info(result, "backup written");
    return result;
  };
}
