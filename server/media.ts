import express, { type RequestHandler } from "express";
import {
  type FileStorage,
  contentTypeFor,
  type localFileStorage,
} from "../app/platform/storage/storage.server";
import { CATALOG_IMAGE_BUCKET, UPLOAD_BUCKET } from "../app/platform/uploads/uploads";
import { ARTWORK_BUCKET, isPrivateStorageKey } from "../app/capabilities/quotes/artwork";
import { UPLOAD_CACHE_CONTROL } from "../app/platform/uploads/uploads.server";

const isUpload = (urlPath: string) => {
  const key = urlPath.replace(/^\/+/, "");
  return (
    key.startsWith(`${UPLOAD_BUCKET}/`) ||
    key.startsWith(`${CATALOG_IMAGE_BUCKET}/`) ||
    key.startsWith(`${ARTWORK_BUCKET}/`)
  );
};

/**
 * Files that are stored but not public: a quote's artwork originals (only the admin download
 * sends them). Refused before either adapter looks, whatever the path's spelling.
 */
function privateFiles(): RequestHandler {
  return (req, res, next) => {
    let key: string;
    try {
      key = decodeURIComponent(req.path).replace(/\\/g, "/").replace(/^\/+/, "");
    } catch {
      return res.sendStatus(404);
    }
    const normalized = key
      .split("/")
      .filter((s) => s && s !== ".")
      .join("/");
    if (isPrivateStorageKey(normalized) || isPrivateStorageKey(normalized.toLowerCase())) {
      return res.sendStatus(404);
    }
    next();
  };
}

/**
 * Serves storage under /media. Uploads have unique names, so they are cached for a year; every
 * file is sent with nosniff so a browser never reinterprets bytes as something else.
 */
export function mediaHandler(storage: FileStorage): RequestHandler[] {
  return [privateFiles(), storageHandler(storage)];
}

function storageHandler(storage: FileStorage): RequestHandler {
  if (storage.kind === "local") {
    const root = (storage as ReturnType<typeof localFileStorage>).root;
    return express.static(root, {
      maxAge: "1d",
      index: false,
      dotfiles: "ignore",
      setHeaders(res, filePath) {
        res.setHeader("X-Content-Type-Options", "nosniff");
        const normalized = filePath.replace(/\\/g, "/");
        if (
          normalized.includes(`/${UPLOAD_BUCKET}/`) ||
          normalized.includes(`/${CATALOG_IMAGE_BUCKET}/`) ||
          normalized.includes(`/${ARTWORK_BUCKET}/`)
        ) {
          res.setHeader("Cache-Control", UPLOAD_CACHE_CONTROL);
        }
      },
    });
  }
  // A bucket without a public address: stream its objects through the app.
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.replace(/^\/+/, ""));
    } catch {
      return next();
    }
    try {
      const file = await storage.get(key);
      if (!file) return next();
      res.setHeader("Content-Type", file.contentType ?? contentTypeFor(key));
      res.setHeader("Content-Length", String(file.size));
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader(
        "Cache-Control",
        isUpload(key) ? UPLOAD_CACHE_CONTROL : "public, max-age=86400",
      );
      if (req.method === "HEAD") {
        file.body.destroy();
        return res.end();
      }
      file.body.on("error", next).pipe(res);
    } catch (error) {
      if (error instanceof Error && /Unsafe storage key/.test(error.message)) return next();
      next(error);
    }
  };
}
