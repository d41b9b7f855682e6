import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, writeBackup } from "~/platform/backup/archive.server";
import { listTables, readSequences } from "~/platform/backup/database.server";
import { restoreBackup } from "~/platform/backup/restore.server";
import { saveBackupFile } from "~/platform/backup/store.server";
import { type Env, loadEnv } from "~/platform/config/env.server";
import { type Database, openDatabase } from "~/platform/db/client.server";
import { products } from "~/platform/db/schema/index";
import {
  type FileStorage,
  installBundledMedia,
  localFileStorage,
} from "~/platform/storage/storage.server";
import {
  type TestDatabase,
  createEmptyPostgresDatabase,
  createTestDatabase,
  migratedDataDir,
} from "../support/database";

const serverUrl = process.env.TEST_DATABASE_URL;
const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `ms-backup-${name}-`));

/** Every table's rows as JSON texts, sorted, and every sequence: what "identical" means here. */
async function databaseContents(db: Database) {
  const tables: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    const result = (await db.execute(
      sql.raw(`select row_to_json(t)::text as r from "${table}" t`),
    )) as unknown as { rows: Array<{ r: string }> };
    tables[table] = result.rows.map((row) => row.r).sort();
  }
  return { tables, sequences: await readSequences(db) };
}

async function storageContents(storage: FileStorage) {
  const files: Record<string, string> = {};
  for (const key of await storage.list("")) {
    files[key] = (await buffer((await storage.get(key))!.body)).toString("base64");
  }
  return files;
}

/** An empty place to restore into: a fresh DATA_DIR, and a fresh database with TEST_DATABASE_URL. */
async function emptyTarget() {
  const dataDir = tempDir("target");
  const database = serverUrl ? await createEmptyPostgresDatabase(serverUrl) : undefined;
  const env: Env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: database?.url });
  const open = () =>
    openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(dataDir, "pglite") });
  // A database made there before the restore: PGlite starts from the migrated template (what
  // initdb and the migrations would make, without their seconds of CPU).
  const create = async () =>
    openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: env.DATABASE_URL ? undefined : await migratedDataDir(),
    });
  return { env, dataDir, open, create, drop: async () => database?.drop() };
}

describe(
  `backup and restore (${serverUrl ? "PostgreSQL" : "PGlite"})`,
  { timeout: 300_000 },
  () => {
    let source: TestDatabase;
    let storage: FileStorage;
    let archive: string;
    const cleanups: Array<() => Promise<unknown>> = [];

    beforeAll(async () => {
      source = await createTestDatabase({ seed: true });
      storage = localFileStorage(path.join(tempDir("source"), "uploads"));
      await installBundledMedia(storage, path.resolve("media"));
      // A binary upload under a nested key, bytes that no text encoding would keep.
      await storage.put(
        "admin-images/1/logo.webp",
        Uint8Array.from({ length: 256 }, (_, i) => i),
      );
      // A product whose text needs escaping, and a sequence moved on, so both are really compared.
      await source.db.insert(products).values({
        source: "sample",
        styleNumber: "BK-1",
        name: 'Quote " backslash \\ tab \t newline \n émoji 👕',
        brand: "Backup",
        category: "T-Shirts",
        priceCents: 1234,
        rating: 4.7,
        colors: ["Navy", "Heather {grey}"],
        raw: { nested: { list: [1, 2.5, null], text: "x" } },
      });
      archive = path.join(tempDir("archive"), "backup.tar.gz");
      await saveBackupFile(archive, (out) =>
        writeBackup({ db: source.db, driver: source.driver, storage }, out),
      );
    }, 300_000);

    afterAll(async () => {
      await source?.destroy();
      for (const cleanup of cleanups) await cleanup();
    });

    it("restores every table's rows and every stored file identically into an empty target", async () => {
      const target = await emptyTarget();
      cleanups.push(target.drop);
      const manifest = await restoreBackup({ env: target.env, file: archive });
      expect(manifest.tables.products).toBeGreaterThan(1);

      const restored = await target.open();
      try {
        const expected = await databaseContents(source.db);
        expect(Object.keys(expected.tables).length).toBeGreaterThan(10);
        expect(await databaseContents(restored.db)).toEqual(expected);
      } finally {
        await restored.close();
      }
      expect(await storageContents(localFileStorage(path.join(target.dataDir, "uploads")))).toEqual(
        await storageContents(storage),
      );
    });

    it("refuses a target that holds data unless --force, then replaces it", async () => {
      const target = await emptyTarget();
      cleanups.push(target.drop);
      const handle = await target.create();
      await handle.db.insert(products).values({
        source: "sample",
        styleNumber: "OTHER-1",
        name: "Not in the backup",
        brand: "Other",
        category: "Hats",
        priceCents: 100,
      });
      await handle.close();

      await expect(restoreBackup({ env: target.env, file: archive })).rejects.toThrow(
        /Refusing to restore: .*pass --force/,
      );
      await restoreBackup({ env: target.env, file: archive, force: true });
      const restored = await target.open();
      try {
        expect(await databaseContents(restored.db)).toEqual(await databaseContents(source.db));
      } finally {
        await restored.close();
      }
    });

    it("refuses an archive cut short, before changing anything", async () => {
      const cut = path.join(tempDir("cut"), "cut.tar.gz");
      const bytes = readFileSync(archive);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.9)));

      const empty = await emptyTarget();
      cleanups.push(empty.drop);
      const error = await restoreBackup({ env: empty.env, file: cut }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toMatch(
        /cannot be restored: .*cut short.*Nothing was changed/,
      );
      // Not even a database was created.
      expect(readdirSync(empty.dataDir).filter((name) => name !== "auth-secret")).toEqual([]);

      // Into a target holding data, even with --force: the data stays as it was.
      const full = await emptyTarget();
      cleanups.push(full.drop);
      const before = await full.create();
      await before.db.insert(products).values({
        source: "sample",
        styleNumber: "KEEP-1",
        name: "Kept through a refused restore",
        brand: "Other",
        category: "Hats",
        priceCents: 100,
      });
      const contents = await databaseContents(before.db);
      await before.close();
      await expect(restoreBackup({ env: full.env, file: cut, force: true })).rejects.toThrow(
        /cut short/,
      );
      const after = await full.open();
      try {
        expect(await databaseContents(after.db)).toEqual(contents);
      } finally {
        await after.close();
      }
    });
  },
);

describe.skipIf(serverUrl)("backup of an embedded database on disk", { timeout: 300_000 }, () => {
  it("copies the data directory, reads the copy, and leaves the database in use", async () => {
    const source = await openDatabase({
      dataDir: path.join(tempDir("disk"), "pglite"),
      loadDataDir: await migratedDataDir(),
    });
    const target = await emptyTarget();
    try {
      await source.db.insert(products).values({
        source: "sample",
        styleNumber: "DISK-1",
        name: "Kept",
        brand: "Disk",
        category: "Hats",
        priceCents: 100,
      });
      const before = await databaseContents(source.db);
      const archive = path.join(tempDir("disk-archive"), "backup.tar.gz");
      const storage = localFileStorage(path.join(tempDir("disk-files"), "uploads"));
      await saveBackupFile(archive, (out) =>
        writeBackup({ db: source.db, driver: source.driver, storage }, out),
      );
      await restoreBackup({ env: target.env, file: archive });
      const restored = await target.open();
      try {
        expect(await databaseContents(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
      // The server's database goes on taking writes.
      await source.db.insert(products).values({
        source: "sample",
        styleNumber: "DISK-2",
        name: "After the backup",
        brand: "Disk",
        category: "Hats",
        priceCents: 100,
      });
      expect((await databaseContents(source.db)).tables.products).toHaveLength(2);
    } finally {
      await source.close();
    }
  });
});
