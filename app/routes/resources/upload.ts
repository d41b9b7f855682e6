import { data } from "react-router";
import { requireAdmin } from "~/platform/auth/admin.server";
import { UploadError } from "~/platform/uploads/images.server";
import { readImageUpload } from "~/platform/uploads/upload-request.server";
import { storeImageUpload } from "~/platform/uploads/uploads.server";
import { UPLOAD_MESSAGES, type UploadedImage } from "~/platform/uploads/uploads";
import { type FormResult, failed } from "~/platform/forms/result";
import type { Route } from "./+types/upload";

/**
 * The one image upload of the back office (stories, examples, logos): multipart with a `file`
 * and an optional `alt`; answers a FormResult: the stored image ({ id, url, srcset, width, height,
 * alt }) as its data, or the refusal in the upload messages as its toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  if (request.method !== "POST")
    return data(failed("Method not allowed"), { status: 405, headers: { Allow: "POST" } });
  try {
    const form = await readImageUpload(request);
    const storage = context.services.storage;
    const image = await storeImageUpload({ db: context.db, storage }, actor, form);
    return data({ ok: true, data: image } satisfies FormResult<UploadedImage>, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) {
      return data(failed(error.message), { status: error.status });
    }
    context.logger.error({ err: error }, "image upload failed");
    return data(failed(UPLOAD_MESSAGES.failed), { status: 503 });
  }
}
