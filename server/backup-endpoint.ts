import type { RequestHandler } from "express";
import ipaddr from "ipaddr.js";
import type { Logger } from "pino";
import { writeBackup } from "../app/platform/backup/archive.server";
import { isSignedBackupRequest } from "../app/platform/backup/remote.server";
import type { Database } from "../app/platform/db/client.server";
import type { FileStorage } from "../app/platform/storage/storage.server";

function isLoopback(address: string | undefined) {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === "loopback";
}

/**
 * POST /_ops/backup: the archive of a backup, streamed. `npm run backup` asks for it when the
 * embedded database is held by this process (docs/decisions/018). Only from this machine (the
 * socket's own address, whatever a proxy header says) and signed with AUTH_SECRET; anything
 * else is a plain 404.
 */
export function backupEndpoint(options: {
  secret: string;
  db: Database;
  driver: "pglite" | "postgres";
  storage: FileStorage;
  logger: Logger;
}): RequestHandler {
  return (req, res, next) => {
    const signed =
      isLoopback(req.socket.remoteAddress) &&
      isSignedBackupRequest(options.secret, {
        time: req.get("x-backup-time"),
        authorization: req.get("authorization"),
      });
    if (!signed) return next();
    res.set({
      "Content-Type": "application/gzip",
      "Cache-Control": "no-store",
    });
    writeBackup({ db: options.db, driver: options.driver, storage: options.storage }, res).then(
      (manifest) => options.logger.info({ files: manifest.files }, "backup sent"),
      (error: unknown) => {
        options.logger.error({ err: error }, "backup failed");
        // Cut short: the client's gzip and tar checks see an incomplete archive.
        res.destroy();
      },
    );
  };
}
