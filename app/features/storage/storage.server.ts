import { access, copyFile, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaUrl } from "./media";

/**
 * Where files the site serves live: media it ships and, later, admin uploads. Browsers fetch
 * them under /media/<key>. The local adapter keeps them under DATA_DIR/uploads; an S3-compatible
 * adapter can replace it without the pages noticing.
 */
export interface FileStorage {
  publicUrl(key: string): string;
  exists(key: string): Promise<boolean>;
  put(key: string, body: Uint8Array): Promise<void>;
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

export function localFileStorage(root: string): FileStorage & { root: string } {
  const fileFor = (key: string) => path.join(root, assertSafeKey(key));
  return {
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
      await writeFile(file, body);
    },
  };
}

/**
 * Copies the media the project ships (the `media/` folder) into storage, once: a file already
 * there, perhaps replaced by an admin, is left alone.
 */
export async function installBundledMedia(
  storage: FileStorage & { root: string },
  sourceDir: string,
) {
  let installed = 0;
  for (const name of await readdir(sourceDir)) {
    if (await storage.exists(name)) continue;
    await mkdir(storage.root, { recursive: true });
    await copyFile(path.join(sourceDir, name), path.join(storage.root, assertSafeKey(name)));
    installed += 1;
  }
  return installed;
}
