import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { Env } from "~/platform/config/env.server";
import { openDatabase } from "~/platform/db/client.server";
import { createFileStorage } from "~/platform/storage/storage.server";
import {
  type Manifest,
  BackupError,
  applyBackup,
  storedFileKeys,
  verifyBackup,
} from "./archive.server";
import { schemaVersion } from "./database.server";

async function postgresHasTables(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_tables where schemaname = 'public'",
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

async function folderHasFiles(dir: string) {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores a backup into the configured database and file storage. Every checksum is checked
 * before anything is touched; a database that already has tables, or a storage that already has
 * files, is refused unless `force`, which replaces everything in them. With the embedded
 * database the caller holds the DATA_DIR lock.
 */
export async function restoreBackup(options: {
  env: Env;
  file: string;
  force?: boolean;
}): Promise<Manifest> {
  const { env, file } = options;
  const manifest = await verifyBackup(file);

  const storage = createFileStorage(env);
  const pgliteDir = path.join(env.DATA_DIR, "pglite");
  const occupied: string[] = [];
  if (
    env.DATABASE_URL ? await postgresHasTables(env.DATABASE_URL) : await folderHasFiles(pgliteDir)
  ) {
    occupied.push(
      env.DATABASE_URL
        ? "the database at DATABASE_URL has tables"
        : `${pgliteDir} holds a database`,
    );
  }
  const existingFiles = await storedFileKeys(storage);
  if (existingFiles.length) occupied.push(`the file storage holds ${existingFiles.length} files`);
  if (occupied.length && !options.force) {
    throw new BackupError(
      `Refusing to restore: ${occupied.join(" and ")}. Restore into an empty data directory or ` +
        "database, or pass --force to replace everything in them with the backup. Nothing was changed.",
    );
  }

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: pgliteDir });
  try {
    const version = await schemaVersion(database.db);
    if (version !== manifest.schema) {
      throw new BackupError(
        `The backup ${file} was made with another version of the app (schema ${manifest.schema}, ` +
          `this one is ${version}); restore it with the version that made it. Nothing was changed.`,
      );
    }
    await storage.delete(existingFiles);
    await applyBackup(file, { db: database.db, storage, manifest });
  } finally {
    await database.close();
  }
  return manifest;
}
