import { data } from "react-router";
import {
  ARTWORK_MESSAGES,
  type ArtworkFile,
  MAX_ARTWORK_BYTES,
} from "~/capabilities/quotes/artwork";
import { storeArtworkUpload } from "~/capabilities/quotes/artwork.server";
import { type FormResult, failed } from "~/platform/forms/result";
import { hitRateLimit } from "~/platform/rate-limit/rate-limit.server";
import { UploadError } from "~/platform/uploads/images.server";
import { readImageUpload } from "~/platform/uploads/upload-request.server";
import type { Route } from "./+types/quote-artwork";

/** A visitor building a quote sends a few files; a script filling the disk is stopped early. */
export const ARTWORK_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

/**
 * The quote builder's artwork upload (public, no account): multipart with one `file`. Answers a
 * FormResult with the stored file ({ id, name, format, bytes, thumbnailUrl }) as its data, or
 * the refusal, which names what is accepted. The upload is kept only if a sent quote points at it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data(failed("Method not allowed"), { status: 405, headers: { Allow: "POST" } });
  }
  const limit = await hitRateLimit(context.db, `artwork:${context.clientIp}`, ARTWORK_RATE_LIMIT);
  if (!limit.allowed) {
    await request.body?.cancel().catch(() => {});
    return data(failed(ARTWORK_MESSAGES.rateLimited), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  try {
    const form = await readImageUpload(
      request,
      { fileBytes: MAX_ARTWORK_BYTES, bodyBytes: MAX_ARTWORK_BYTES + 64 * 1024 },
      { invalid: ARTWORK_MESSAGES.notAccepted, tooLarge: ARTWORK_MESSAGES.tooLarge },
    );
    const file = await storeArtworkUpload(
      { db: context.db, storage: context.services.storage },
      {
        bytes: form.bytes,
        fileName: form.fileName,
        uploadedBy: `quote builder (${context.clientIp})`,
      },
    );
    return data({ ok: true, data: file } satisfies FormResult<ArtworkFile>, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) return data(failed(error.message), { status: error.status });
    context.logger.error({ err: error }, "artwork upload failed");
    return data(failed(ARTWORK_MESSAGES.failed), { status: 503 });
  }
}

/** Nothing to show at this address. */
export function loader() {
  return data(failed("Method not allowed"), { status: 405, headers: { Allow: "POST" } });
}
