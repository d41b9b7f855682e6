/**
 * `npm run backup [-- FILE]`: one archive of the database and the stored files, to FILE or to
 * the configured store (BACKUP_DIR, DATA_DIR/backups, or the bucket with BACKUP_S3). Works
 * while the server runs: with PostgreSQL directly; with the embedded database, which only the
 * server may open, by asking the server on this machine for it (docs/decisions/018).
 */
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { ConfigError, type Env, loadEnv } from "../app/platform/config/env.server";
import { openDatabase } from "../app/platform/db/client.server";
import { BackupError, writeBackup } from "../app/platform/backup/archive.server";
import { BACKUP_ENDPOINT, signBackupRequest } from "../app/platform/backup/remote.server";
import { backupStoreFromEnv, saveBackupFile } from "../app/platform/backup/store.server";
import { createFileStorage } from "../app/platform/storage/storage.server";
import { lockDataDir } from "../server/data-dir-lock";

const USAGE = "Usage: npm run backup [-- FILE]";

type Write = (out: Writable) => Promise<unknown>;

/** Runs `save` with a way to write the archive, whoever holds the database. */
async function withArchiveWriter(env: Env, save: (write: Write) => Promise<void>) {
  let release: (() => Promise<void>) | undefined;
  if (!env.DATABASE_URL) {
    try {
      release = await lockDataDir(env.DATA_DIR, {
        waitMs: 0,
        onLost: () => {
          console.error("Lost the lock on DATA_DIR; the backup stopped.");
          process.exit(1);
        },
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.log("The server holds the embedded database; asking it for the backup.");
      return save((out) => fromRunningServer(env, out));
    }
  }
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, "pglite"),
  });
  try {
    await save((out) =>
      writeBackup(
        { db: database.db, driver: database.driver, storage: createFileStorage(env) },
        out,
      ),
    );
  } finally {
    await database.close();
    await release?.();
  }
}

async function fromRunningServer(env: Env, out: Writable) {
  const host = ["0.0.0.0", "::"].includes(env.HOST) ? "127.0.0.1" : env.HOST;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}${BACKUP_ENDPOINT}`;
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: signBackupRequest(env.AUTH_SECRET) });
  } catch (error) {
    throw new ConfigError(
      `Cannot reach the running server at ${url} (${(error as Error).message})`,
    );
  }
  if (!response.ok || !response.body) {
    throw new ConfigError(
      `The server at ${url} refused the backup (HTTP ${response.status}); it must run on this ` +
        "machine with the same AUTH_SECRET (or DATA_DIR/auth-secret).",
    );
  }
  await pipeline(Readable.fromWeb(response.body as WebReadableStream), out);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith("-")) throw new ConfigError(USAGE);
  const env = loadEnv();
  const started = performance.now();
  await withArchiveWriter(env, async (write) => {
    const saved = args[0]
      ? await saveBackupFile(args[0], write)
      : await backupStoreFromEnv(env).save(write);
    const rows = Object.values(saved.manifest.tables).reduce((sum, n) => sum + n, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backup written to ${saved.location} (${(saved.bytes / 1e6).toFixed(1)} MB: ` +
        `${Object.keys(saved.manifest.tables).length} tables, ${rows} rows, ` +
        `${saved.manifest.files} files; checksums verified) in ${seconds} s.`,
    );
  });
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exit(1);
});
