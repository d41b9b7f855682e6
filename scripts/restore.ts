/**
 * `npm run restore -- FILE [--force]`: restores a backup (a path, or s3:backups/<name> in the
 * bucket) into the configured database and file storage. Every checksum is checked first; a
 * target that already holds data is refused without --force. With the embedded database the
 * server must be stopped.
 */
import { ConfigError, loadEnv } from "../app/platform/config/env.server";
import { BackupError } from "../app/platform/backup/archive.server";
import { restoreBackup } from "../app/platform/backup/restore.server";
import { localBackupFile } from "../app/platform/backup/store.server";
import { lockDataDir } from "../server/data-dir-lock";

const USAGE = "Usage: npm run restore -- FILE [--force]";

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files[0]!.startsWith("-")) throw new ConfigError(USAGE);
  const env = loadEnv();
  const started = performance.now();
  const release = env.DATABASE_URL
    ? async () => {}
    : await lockDataDir(env.DATA_DIR, {
        waitMs: 0,
        onLost: () => {
          console.error("Lost the lock on DATA_DIR; the restore stopped.");
          process.exit(1);
        },
      });
  const source = await localBackupFile(env, files[0]!);
  try {
    const manifest = await restoreBackup({ env, file: source.file, force });
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Restored ${files[0]} (made ${manifest.createdAt}): ${Object.keys(manifest.tables).length} ` +
        `tables, ${rows} rows, ${manifest.files} files, in ${seconds} s.`,
    );
  } finally {
    await source.done();
    await release();
  }
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError || error instanceof BackupError ? error.message : error,
  );
  process.exit(1);
});
