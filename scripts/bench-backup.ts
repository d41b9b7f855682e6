/**
 * Backup and restore timed: the sample data (seeds and shipped media), plus N generated products
 * loaded as a sync stores them (raw supplier records included).
 *   node --import tsx scripts/bench-backup.ts [products=0]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx scripts/bench-backup.ts 100000
 * PGlite runs in a temporary DATA_DIR; with DATABASE_URL, two databases are created beside it
 * (source and restore target) and dropped afterwards. While the backup runs, a `select 1` every
 * 50 ms measures how long other queries wait (PGlite has one connection: see decision 018).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { writeBackup } from "../app/platform/backup/archive.server";
import { restoreBackup } from "../app/platform/backup/restore.server";
import { saveBackupFile } from "../app/platform/backup/store.server";
import { loadEnv } from "../app/platform/config/env.server";
import { openDatabase } from "../app/platform/db/client.server";
import { createFileStorage, installBundledMedia } from "../app/platform/storage/storage.server";
import {
  productRow,
  skusByStyle,
  upsertProducts,
} from "../app/capabilities/catalog/catalog.server";
import { generatedFeed } from "../app/capabilities/catalog/generated-feed";
import { normalizeSsStyle } from "../app/capabilities/catalog/normalize";
import { applySeeds } from "../server/seed/run";

const count = Number(process.argv[2] ?? 0);
const serverUrl = process.env.DATABASE_URL;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
const mb = (bytes: number) => Math.round(bytes / 1e6);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function place(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ms-bench-${name}-`));
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const db = `ms_bench_${name}_${Date.now()}`;
    await admin(`create database "${db}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${db}`;
    databaseUrl = url.toString();
  }
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl)
      await admin(
        `drop database if exists "${new URL(databaseUrl).pathname.slice(1)}" with (force)`,
      );
  };
  return { env, cleanup };
}

const source = await place("source");
const target = await place("target");
try {
  const handle = await openDatabase({
    databaseUrl: source.env.DATABASE_URL,
    dataDir: path.join(source.env.DATA_DIR, "pglite"),
  });
  const storage = createFileStorage(source.env);
  await applySeeds(handle.db);
  await installBundledMedia(storage, path.resolve("media"));
  if (count > 0) {
    const started = performance.now();
    const feed = generatedFeed(count, 7);
    const styles = await feed.getStyles();
    for (let i = 0; i < styles.length; i += 1_000) {
      const batch = styles.slice(i, i + 1_000);
      const groups = skusByStyle(await feed.getProductsByStyleIds(batch.map((s) => s.styleID)));
      await upsertProducts(
        handle.db,
        batch.map((style) => {
          const skus = groups.get(style.styleID) ?? [];
          return productRow(normalizeSsStyle(style, skus), { raw: { style, skus } });
        }),
      );
    }
    console.log(`loaded ${count} generated products in ${seconds(started)} s`);
  }
  const rows = await handle.db.execute(sql`select count(*)::int as n from products`);
  console.log(
    `${handle.driver}: ${(rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n} products; load average ${load()}`,
  );

  // Another query's wait while the backup holds its snapshot.
  // And the process's peak memory meanwhile (with PGlite, the dump and the copy it reads).
  let longestWait = 0;
  let probing = true;
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  const probe = (async () => {
    while (probing) {
      const asked = performance.now();
      await handle.db.execute(sql`select 1`);
      longestWait = Math.max(longestWait, performance.now() - asked);
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const file = path.join(source.env.DATA_DIR, "bench.tar.gz");
  const backupStart = performance.now();
  const cpuStart = process.cpuUsage();
  const saved = await saveBackupFile(file, (out) =>
    writeBackup({ db: handle.db, driver: handle.driver, storage }, out),
  );
  const backupCpu = process.cpuUsage(cpuStart);
  const backupTime = seconds(backupStart);
  probing = false;
  await probe;
  await handle.close();
  const tableRows = Object.values(saved.manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `backup: ${backupTime} s (cpu ${((backupCpu.user + backupCpu.system) / 1e6).toFixed(1)} s, ` +
      `written and verified), ${(saved.bytes / 1e6).toFixed(1)} MB, ${tableRows} rows, ` +
      `${saved.manifest.files} files; longest wait of another query ${Math.round(longestWait)} ms; ` +
      `memory ${mb(rssBefore)} MB before, peak +${mb(rssPeak - rssBefore)} MB; ` +
      `load average ${load()}`,
  );

  const restoreStart = performance.now();
  const restoreCpuStart = process.cpuUsage();
  await restoreBackup({ env: target.env, file });
  const restoreCpu = process.cpuUsage(restoreCpuStart);
  console.log(
    `restore: ${seconds(restoreStart)} s (cpu ${((restoreCpu.user + restoreCpu.system) / 1e6).toFixed(1)} s, ` +
      `checksums checked, migrations, rows and files); load average ${load()}`,
  );
} finally {
  await source.cleanup();
  await target.cleanup();
}
