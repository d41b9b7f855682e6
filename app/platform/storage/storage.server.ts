import { createReadStream } from "node:fs";
import { access, copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Env } from "~/platform/config/env.server";
import { mediaUrl } from "./media";
import { loadS3Sdk } from "./s3-sdk.server";

export interface PutOptions {
  contentType?: string;
  cacheControl?: string;
}

export interface StoredFile {
  body: Readable;
  size: number;
  contentType?: string;
}

/**
 * Where files the site serves live: media it ships and admin uploads. Browsers fetch them under
 * /media/<key> (or S3_PUBLIC_URL/<key> when a bucket is served directly). Two adapters, chosen
 * by configuration: local disk under DATA_DIR/uploads and any S3-compatible bucket.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  publicUrl(key: string): string;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Uint8Array, options?: PutOptions): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** Every key starting with the prefix, sorted. */
  list(prefix: string): Promise<string[]>;
}

/** A key is a relative path of plain segments; anything that could climb out is refused. */
export function assertSafeKey(key: string) {
  const segments = key.split("/");
  if (
    !key ||
    key.startsWith("/") ||
    key.includes("\\") ||
    segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\0"))
  ) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** The local adapter's folder, which the HTTP server also serves under /media. */
export function uploadsDir(env: Pick<Env, "DATA_DIR">) {
  return path.join(env.DATA_DIR, "uploads");
}

export function localFileStorage(root: string): FileStorage & { root: string } {
  const fileFor = (key: string) => path.join(root, assertSafeKey(key));
  return {
    kind: "local",
    root,
    publicUrl: (key) => mediaUrl(assertSafeKey(key)),
    async exists(key) {
      try {
        await access(fileFor(key));
        return true;
      } catch {
        return false;
      }
    },
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed would be nicer, but keys are unique per upload: no reader races.
      await writeFile(file, body);
    },
    async get(key) {
      const file = fileFor(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileFor(key), { force: true })));
    },
    async list(prefix) {
      const found: string[] = [];
      async function walk(dir: string, relative: string) {
        let entries;
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch {
          return;
        }
        for (const entry of entries) {
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
          else if (key.startsWith(prefix)) found.push(key);
        }
      }
      await walk(root, "");
      return found.sort();
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Where browsers fetch objects directly (a CDN or public bucket); unset = through /media. */
  publicUrl?: string;
}

/** Any S3-compatible bucket (AWS, MinIO, R2, ...) through the AWS SDK. */
export function s3FileStorage(options: S3StorageOptions): FileStorage {
  const ready = loadS3Sdk().then((sdk) => ({
    sdk,
    client: new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    }),
  }));
  const Bucket = options.bucket;
  const base = options.publicUrl?.replace(/\/+$/, "");
  return {
    kind: "s3",
    publicUrl: (key) => (base ? `${base}/${assertSafeKey(key)}` : mediaUrl(assertSafeKey(key))),
    async exists(key) {
      const { sdk, client } = await ready;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        return true;
      } catch (error) {
        if (isNotFound(sdk, error)) return false;
        throw error;
      }
    },
    async put(key, body, put = {}) {
      const { sdk, client } = await ready;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Body: body,
          ContentLength: body.byteLength,
          ContentType: put.contentType,
          CacheControl: put.cacheControl,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await ready;
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket, Key: assertSafeKey(key) }),
        );
        if (!object.Body) return null;
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType,
        };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },
    async delete(keys) {
      const { sdk, client } = await ready;
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000).map((key) => ({ Key: assertSafeKey(key) }));
        if (batch.length === 0) continue;
        await client.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
      }
    },
    async list(prefix) {
      const { sdk, client } = await ready;
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
  };
}

function isNotFound(sdk: Awaited<ReturnType<typeof loadS3Sdk>>, error: unknown) {
  if (error instanceof sdk.S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey";
  }
  return false;
}

/** The storage the configuration asks for: an S3 bucket when S3_BUCKET is set, else local disk. */
export function createFileStorage(
  env: Pick<
    Env,
    | "DATA_DIR"
    | "S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
    | "S3_PUBLIC_URL"
  >,
): FileStorage {
  if (env.S3_BUCKET) {
    return s3FileStorage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return localFileStorage(path.join(env.DATA_DIR, "uploads"));
}

/**
 * Copies the media the project ships (the `media/` folder) into storage, once: a file already
 * there, perhaps replaced by an admin, is left alone. Written through the storage interface, so
 * it works the same for any adapter.
 */
export async function installBundledMedia(storage: FileStorage, sourceDir: string) {
  let installed = 0;
  for (const name of await readdir(sourceDir)) {
    if (await storage.exists(name)) continue;
    if (storage.kind === "local" && "root" in storage) {
      const root = (storage as { root: string }).root;
      await mkdir(root, { recursive: true });
      await copyFile(path.join(sourceDir, name), path.join(root, assertSafeKey(name)));
    } else {
      await storage.put(name, await readFile(path.join(sourceDir, name)), {
        contentType: contentTypeFor(name),
        cacheControl: "public, max-age=86400",
      });
    }
    installed += 1;
  }
  return installed;
}

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".webm": "video/webm",
  ".mp4": "video/mp4",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

export function contentTypeFor(key: string) {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}
