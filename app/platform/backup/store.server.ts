import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "~/platform/config/env.server";
import { loadS3Sdk } from "~/platform/storage/s3-sdk.server";
import type { S3StorageOptions } from "~/platform/storage/storage.server";
import { BACKUP_KEY_PREFIX, type Manifest, verifyBackup } from "./archive.server";

export interface SavedBackup {
  /** A file path, or s3:<key> in the bucket. */
  location: string;
  bytes: number;
  manifest: Manifest;
}

/** Where backups are kept: a folder on disk or the S3 bucket's backups/ folder. */
export interface BackupStore {
  readonly description: string;
  /** Writes an archive through `write`, checks it, and keeps it under a new name. */
  save(write: (out: Writable) => Promise<unknown>): Promise<SavedBackup>;
  /** Names of the backups kept, oldest first. */
  list(): Promise<string[]>;
  /** Removes all but the newest `keep`; resolves with the names removed. */
  prune(keep: number): Promise<string[]>;
}

const NAME = /^backup-[0-9TZ-]+\.tar\.gz$/;

export function backupName(date = new Date()) {
  return `backup-${date.toISOString().replaceAll(":", "-").replace(".", "-")}.tar.gz`;
}

/** Writes the archive to a file beside its destination, checks it, and only then renames it. */
async function writeChecked(file: string, write: (out: Writable) => Promise<unknown>) {
  const partial = `${file}.partial`;
  try {
    await write(createWriteStream(partial));
    const manifest = await verifyBackup(partial);
    const { size } = await stat(partial);
    await rename(partial, file);
    return { manifest, bytes: size };
  } finally {
    await rm(partial, { force: true });
  }
}

/** One archive written to the given path. */
export async function saveBackupFile(
  file: string,
  write: (out: Writable) => Promise<unknown>,
): Promise<SavedBackup> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  return { location: file, ...(await writeChecked(file, write)) };
}

export function folderBackupStore(dir: string): BackupStore {
  const list = async () => {
    try {
      return (await readdir(dir)).filter((name) => NAME.test(name)).sort();
    } catch {
      return [];
    }
  };
  return {
    description: dir,
    save: (write) => saveBackupFile(path.join(dir, backupName()), write),
    list,
    async prune(keep) {
      const old = (await list()).slice(0, -keep);
      await Promise.all(old.map((name) => rm(path.join(dir, name), { force: true })));
      return old;
    },
  };
}

/**
 * A client for archives: sent as a file stream with its length, without the SDK's default
 * streamed trailing checksum (aws-chunked), which not every S3-compatible service accepts; the
 * archive carries its own checksums.
 */
export async function backupS3Client(options: Omit<S3StorageOptions, "bucket" | "publicUrl">) {
  const { S3Client } = await loadS3Sdk();
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  });
}

export function s3BackupStore(s3Client: Promise<S3Client>, bucket: string): BackupStore {
  const ready = Promise.all([loadS3Sdk(), s3Client]);
  const list = async () => {
    const [sdk, client] = await ready;
    const names: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: BACKUP_KEY_PREFIX, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(BACKUP_KEY_PREFIX.length);
        if (name && NAME.test(name)) names.push(name);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return names.sort();
  };
  return {
    description: `s3://${bucket}/${BACKUP_KEY_PREFIX}`,
    async save(write) {
      const [sdk, client] = await ready;
      const dir = await mkdtemp(path.join(tmpdir(), "merch-backup-"));
      try {
        const name = backupName();
        const file = path.join(dir, name);
        const checked = await writeChecked(file, write);
        const Key = `${BACKUP_KEY_PREFIX}${name}`;
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: createReadStream(file),
            ContentLength: checked.bytes,
            ContentType: "application/gzip",
          }),
        );
        return { location: `s3:${Key}`, ...checked };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    list,
    async prune(keep) {
      const [sdk, client] = await ready;
      const old = (await list()).slice(0, -keep);
      for (const name of old) {
        await client.send(
          new sdk.DeleteObjectCommand({ Bucket: bucket, Key: `${BACKUP_KEY_PREFIX}${name}` }),
        );
      }
      return old;
    },
  };
}

function s3Client(env: Env) {
  return backupS3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** The store the configuration names: BACKUP_S3 = the bucket, else BACKUP_DIR or DATA_DIR/backups. */
export function backupStoreFromEnv(env: Env): BackupStore {
  if (env.BACKUP_S3) return s3BackupStore(s3Client(env), env.S3_BUCKET!);
  return folderBackupStore(path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "backups")));
}

/**
 * A backup to restore as a local file: a path as is, or `s3:backups/<name>` fetched from the
 * bucket into a temporary folder. `done` removes what was fetched.
 */
export async function localBackupFile(env: Env, source: string) {
  if (!source.startsWith("s3:")) return { file: source, done: async () => {} };
  if (!env.S3_BUCKET) throw new Error(`${source}: S3_BUCKET is not set`);
  const key = source.slice("s3:".length);
  const dir = await mkdtemp(path.join(tmpdir(), "merch-restore-"));
  const file = path.join(dir, path.basename(key));
  const { GetObjectCommand } = await loadS3Sdk();
  const object = await (await s3Client(env)).send(
    new GetObjectCommand({ Bucket: env.S3_BUCKET, Key: key }),
  );
  await pipeline(object.Body as Readable, createWriteStream(file));
  return { file, done: () => rm(dir, { recursive: true, force: true }) };
}
