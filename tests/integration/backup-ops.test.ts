import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import express from "express";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileKeys, verifyBackup, writeBackup } from "~/platform/backup/archive.server";
import { backupJobHandler } from "~/platform/backup/job.server";
import { BACKUP_ENDPOINT, signBackupRequest } from "~/platform/backup/remote.server";
import {
  backupS3Client,
  folderBackupStore,
  localBackupFile,
  s3BackupStore,
} from "~/platform/backup/store.server";
import { loadEnv } from "~/platform/config/env.server";
import {
  type FileStorage,
  localFileStorage,
  s3FileStorage,
} from "~/platform/storage/storage.server";
import { backupEndpoint } from "../../server/backup-endpoint";
import { lockDataDir } from "../../server/data-dir-lock";
import { type TestDatabase, createTestDatabase } from "../support/database";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";

const run = promisify(execFile);
const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `ms-backup-${name}-`));
const logger = pino({ level: "silent" });
const SECRET = "s".repeat(40);

let database: TestDatabase;
let storage: FileStorage;
let fakeS3: FakeS3;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  storage = localFileStorage(tempDir("files"));
  await storage.put("admin-images/1/a.webp", new Uint8Array([1, 2, 3]));
  fakeS3 = await startFakeS3();
}, 120_000);

afterAll(async () => {
  await database?.destroy();
  await fakeS3?.close();
});

const write = (out: NodeJS.WritableStream) =>
  writeBackup({ db: database.db, driver: database.driver, storage }, out as never);

describe(
  "npm run backup while the server holds the embedded database",
  { timeout: 180_000 },
  () => {
    it("gets the archive from the server, signed; an unsigned request is a 404", async () => {
      const dataDir = tempDir("data");
      const release = await lockDataDir(dataDir, { onLost: () => {} });
      const app = express();
      app.post(
        BACKUP_ENDPOINT,
        backupEndpoint({
          secret: SECRET,
          db: database.db,
          driver: database.driver,
          storage,
          logger,
        }),
      );
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const port = (server.address() as AddressInfo).port;
      try {
        const url = `http://127.0.0.1:${port}${BACKUP_ENDPOINT}`;
        expect((await fetch(url, { method: "POST" })).status).toBe(404);
        const stale = signBackupRequest(SECRET, Date.now() - 5 * 60_000);
        expect((await fetch(url, { method: "POST", headers: stale })).status).toBe(404);
        const forged = signBackupRequest("x".repeat(40));
        expect((await fetch(url, { method: "POST", headers: forged })).status).toBe(404);

        const file = path.join(tempDir("out"), "shop.tar.gz");
        const { stdout } = await run(
          process.execPath,
          ["--import", "tsx", "scripts/backup.ts", file],
          {
            env: {
              ...process.env,
              DATA_DIR: dataDir,
              AUTH_SECRET: SECRET,
              PORT: String(port),
              HOST: "127.0.0.1",
              DATABASE_URL: "",
            },
          },
        );
        expect(stdout).toContain("asking it for the backup");
        expect(stdout).toMatch(/Backup written to .*shop\.tar\.gz .*1 files; checksums verified/);
        const manifest = await verifyBackup(file);
        expect(manifest.tables.products).toBeGreaterThan(0);
        expect(manifest.entries.map((e) => e.name)).toContain("files/admin-images/1/a.webp");
      } finally {
        server.close();
        await release();
      }
    });
  },
);

describe("the scheduled backup", { timeout: 180_000 }, () => {
  it("writes a checked archive each run and keeps the newest BACKUP_KEEP", async () => {
    const store = folderBackupStore(tempDir("kept"));
    const job = backupJobHandler({
      db: database.db,
      driver: database.driver,
      storage,
      store,
      keep: 2,
      logger,
    });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const result = (await job({} as never)) as { location: string };
      names.push(path.basename(result.location));
    }
    expect(await store.list()).toEqual(names.slice(1));
  });

  it("keeps them in the bucket's backups/ with BACKUP_S3, and restores from there", async () => {
    const options = {
      bucket: fakeS3.bucket,
      region: "us-east-1",
      endpoint: fakeS3.endpoint,
      accessKeyId: fakeS3.accessKeyId,
      secretAccessKey: fakeS3.secretAccessKey,
      forcePathStyle: true,
    };
    const bucketStorage = s3FileStorage(options);
    const store = s3BackupStore(backupS3Client(options), fakeS3.bucket);
    const first = await store.save(write);
    const second = await store.save(write);
    expect(first.location).toMatch(/^s3:backups\/backup-.*\.tar\.gz$/);
    expect(await store.prune(1)).toEqual([first.location.slice("s3:backups/".length)]);
    expect(await store.list()).toEqual([second.location.slice("s3:backups/".length)]);
    // A backup of files kept in this bucket leaves the backups themselves out.
    expect(await storedFileKeys(bucketStorage)).toEqual([]);

    const env = loadEnv({
      DATA_DIR: tempDir("env"),
      S3_BUCKET: fakeS3.bucket,
      S3_ENDPOINT: fakeS3.endpoint,
      S3_ACCESS_KEY_ID: fakeS3.accessKeyId,
      S3_SECRET_ACCESS_KEY: fakeS3.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    });
    const fetched = await localBackupFile(env, second.location);
    try {
      expect(await verifyBackup(fetched.file)).toEqual(second.manifest);
    } finally {
      await fetched.done();
    }
  });
});
