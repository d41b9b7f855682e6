import busboy from "busboy";
import { UploadError } from "./images.server";
import {
  MAX_ALT_LENGTH,
  MAX_UPLOAD_BYTES,
  UPLOAD_ALT_FIELD,
  UPLOAD_FILE_FIELD,
  UPLOAD_MESSAGES,
} from "./uploads";

/** Room for the multipart framing and the alt text around a 5 MB file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

export interface ImageUploadForm {
  bytes: Buffer;
  alt: string;
  /** The name the browser sent with the file ("" when none). */
  fileName: string;
}

/** The refusals a caller's visitors read: the image upload's by default. */
export interface UploadRefusals {
  invalid: string;
  tooLarge: string;
}

/**
 * Reads one image and its alt text from a multipart form while it streams in. Past 5 MB the body
 * is cancelled, not read to its end: a 1 GB post costs 5 MB of memory and stops there.
 */
export async function readImageUpload(
  request: Request,
  limits = { fileBytes: MAX_UPLOAD_BYTES, bodyBytes: MAX_UPLOAD_BODY_BYTES },
  refusals: UploadRefusals = {
    invalid: UPLOAD_MESSAGES.notImage,
    tooLarge: UPLOAD_MESSAGES.tooLarge,
  },
): Promise<ImageUploadForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    throw new UploadError(refusals.invalid);
  }
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (declared > limits.bodyBytes) {
    await request.body.cancel().catch(() => {});
    throw new UploadError(refusals.tooLarge, 413);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        files: 1,
        fileSize: limits.fileBytes,
        fields: 4,
        fieldSize: MAX_ALT_LENGTH * 4,
        parts: 6,
      },
    });
  } catch {
    // A multipart type without a boundary.
    await request.body.cancel().catch(() => {});
    throw new UploadError(refusals.invalid);
  }

  const reader = request.body.getReader();
  let failure: UploadError | undefined;
  const chunks: Buffer[] = [];
  let sawFile = false;
  let alt = "";
  let fileName = "";

  const parsed = new Promise<void>((resolve) => {
    const fail = (error: UploadError) => {
      failure ??= error;
      resolve();
    };
    parser.on("file", (name, stream, info) => {
      // Destroying the parser mid-file errors the file stream; the failure is already recorded.
      stream.on("error", () => {});
      if (name !== UPLOAD_FILE_FIELD || sawFile) {
        stream.resume();
        return;
      }
      sawFile = true;
      fileName = info.filename ?? "";
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => fail(new UploadError(refusals.tooLarge, 413)));
    });
    parser.on("field", (name, value, info) => {
      if (name !== UPLOAD_ALT_FIELD) return;
      if (info.valueTruncated || value.trim().length > MAX_ALT_LENGTH) {
        fail(new UploadError(UPLOAD_MESSAGES.altTooLong));
      }
      alt = value.trim();
    });
    parser.on("error", () => fail(new UploadError(refusals.invalid)));
    parser.on("close", () => resolve());
  });

  let received = 0;
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done) {
        parser.end();
        break;
      }
      received += value.byteLength;
      if (received > limits.bodyBytes) {
        failure = new UploadError(refusals.tooLarge, 413);
        break;
      }
      if (!parser.write(value)) {
        await new Promise<void>((resolve) => parser.once("drain", resolve));
      }
    }
  } catch {
    failure ??= new UploadError(refusals.invalid);
  }
  if (failure) {
    await reader.cancel().catch(() => {});
    parser.destroy();
    throw failure;
  }
  await parsed;
  if (failure) throw failure as UploadError;
  if (!sawFile || chunks.length === 0) throw new UploadError(refusals.invalid);
  return { bytes: Buffer.concat(chunks), alt, fileName };
}
