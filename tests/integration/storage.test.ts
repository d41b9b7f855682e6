import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  assertSafeKey,
  installBundledMedia,
  localFileStorage,
} from "~/features/storage/storage.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "ms-storage-"));

describe("local file storage", () => {
  it("stores a file and serves it under /media", async () => {
    const storage = localFileStorage(tempDir());
    await storage.put("logos/acme.svg", new TextEncoder().encode("<svg/>"));
    expect(await storage.exists("logos/acme.svg")).toBe(true);
    expect(storage.publicUrl("logos/acme.svg")).toBe("/media/logos/acme.svg");
    expect(readFileSync(path.join(storage.root, "logos/acme.svg"), "utf8")).toBe("<svg/>");
  });

  it.each(["../auth-secret", "/etc/passwd", "a/../../b", "a\\b", "", "a//b"])(
    "refuses the key %j that could leave the storage folder",
    (key) => {
      expect(() => assertSafeKey(key)).toThrow(/Unsafe storage key/);
    },
  );

  it("installs the shipped media once and keeps a file that was replaced", async () => {
    const storage = localFileStorage(tempDir());
    const shipped = path.resolve("media");
    const first = await installBundledMedia(storage, shipped);
    expect(first).toBeGreaterThanOrEqual(4);
    expect(await storage.exists("hero.webm")).toBe(true);

    writeFileSync(path.join(storage.root, "hero-poster.webp"), "replaced by an admin");
    expect(await installBundledMedia(storage, shipped)).toBe(0);
    expect(readFileSync(path.join(storage.root, "hero-poster.webp"), "utf8")).toBe(
      "replaced by an admin",
    );
  });
});
