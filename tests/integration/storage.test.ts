import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FileStorage,
  assertSafeKey,
  createFileStorage,
  installBundledMedia,
  localFileStorage,
  s3FileStorage,
} from "~/platform/storage/storage.server";
import { type FakeS3, startFakeS3 } from "../fakes/s3-server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "ms-storage-"));
const bytes = (s: string) => new TextEncoder().encode(s);

let fakeS3: FakeS3;
beforeAll(async () => {
  fakeS3 = await startFakeS3();
});
afterAll(async () => {
  await fakeS3?.close();
});

const adapters: Array<[string, () => FileStorage]> = [
  ["local disk", () => localFileStorage(tempDir())],
  [
    "S3 (s3rver on loopback)",
    () =>
      createFileStorage({
        DATA_DIR: tempDir(),
        S3_BUCKET: fakeS3.bucket,
        S3_ENDPOINT: fakeS3.endpoint,
        S3_REGION: "us-east-1",
        S3_ACCESS_KEY_ID: fakeS3.accessKeyId,
        S3_SECRET_ACCESS_KEY: fakeS3.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
        S3_PUBLIC_URL: undefined,
      }),
  ],
];

// The same suite runs against both adapters: the pages cannot tell them apart.
describe.each(adapters)("file storage: %s", (_name, make) => {
  it("stores a file, finds it, reads it back and serves it under /media", async () => {
    const storage = make();
    const key = `admin-images/${Date.now()}-a/logo.webp`;
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, bytes("hello"), { contentType: "image/webp" });
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file?.size).toBe(5);
    expect(await text(file!.body)).toBe("hello");
    expect(storage.publicUrl(key)).toBe(`/media/${key}`);
  });

  it("answers null for a file that does not exist", async () => {
    expect(await make().get("admin-images/missing.webp")).toBeNull();
  });

  it("lists by prefix and deletes, ignoring keys that are gone", async () => {
    const storage = make();
    const prefix = `admin-images/${Date.now()}-list`;
    await storage.put(`${prefix}/w320.webp`, bytes("1"));
    await storage.put(`${prefix}/w640.webp`, bytes("2"));
    await storage.put(`other/${Date.now()}.txt`, bytes("3"));
    expect(await storage.list(prefix)).toEqual([`${prefix}/w320.webp`, `${prefix}/w640.webp`]);
    await storage.delete([`${prefix}/w320.webp`, `${prefix}/never-there.webp`]);
    expect(await storage.list(prefix)).toEqual([`${prefix}/w640.webp`]);
    expect(await storage.exists(`${prefix}/w320.webp`)).toBe(false);
  });

  it.each(["../auth-secret", "/etc/passwd", "a/../../b", "a\\b", "", "a//b"])(
    "refuses the key %j that could leave the storage folder",
    async (key) => {
      const storage = make();
      expect(() => assertSafeKey(key)).toThrow(/Unsafe storage key/);
      await expect(storage.put(key, bytes("x"))).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key)).rejects.toThrow(/Unsafe storage key/);
    },
  );

  it("installs the shipped media once and keeps a file that was replaced", async () => {
    const storage = make();
    const shipped = path.resolve("media");
    const first = await installBundledMedia(storage, shipped);
    expect(first).toBeGreaterThanOrEqual(4);
    expect(await storage.exists("hero.webm")).toBe(true);

    await storage.put("hero-poster.webp", bytes("replaced by an admin"));
    expect(await installBundledMedia(storage, shipped)).toBe(0);
    expect(await text((await storage.get("hero-poster.webp"))!.body)).toBe("replaced by an admin");
  });
});

describe("choosing the adapter", () => {
  it("keeps files on local disk under DATA_DIR/uploads unless S3_BUCKET is set", async () => {
    const dataDir = tempDir();
    const storage = createFileStorage({
      DATA_DIR: dataDir,
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
    } as never);
    expect(storage.kind).toBe("local");
    await storage.put("a.txt", bytes("local"));
    expect(readFileSync(path.join(dataDir, "uploads", "a.txt"), "utf8")).toBe("local");
  });

  it("points browsers at S3_PUBLIC_URL when the bucket is served directly", () => {
    const storage = s3FileStorage({
      bucket: "b",
      region: "us-east-1",
      publicUrl: "https://cdn.example.com/",
    });
    expect(storage.kind).toBe("s3");
    expect(storage.publicUrl("admin-images/x.webp")).toBe(
      "https://cdn.example.com/admin-images/x.webp",
    );
  });

  it("local files written by hand are read back", async () => {
    const storage = localFileStorage(tempDir());
    writeFileSync(path.join(storage.root, "x.txt"), "by hand");
    expect(await text((await storage.get("x.txt"))!.body)).toBe("by hand");
  });
});
