import { data } from "react-router";
import { requireAdmin } from "~/platform/auth/admin.server";
import { UploadError } from "~/platform/uploads/images.server";
import { readImageUpload } from "~/platform/uploads/upload-request.server";
import { storeImageUpload } from "~/platform/uploads/uploads.server";
import { UPLOAD_MESSAGES } from "~/platform/uploads/uploads";
import type { Route } from "./+types/upload";

/**
 * The one image upload of the back office (stories, examples, logos): multipart with a `file`
 * and an optional `alt`; answers { id, url, srcset, width, height, alt } or { error }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdmin(request, context);
  if (request.method !== "POST")
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  try {
    const form = await readImageUpload(request);
    const storage = context.services.storage;
    const image = await storeImageUpload({ db: context.db, storage }, actor, form);
    return data(image, { status: 201 });
  } catch (error) {
    if (error instanceof UploadError) {
      return data({ error: error.message }, { status: error.status });
    }
    context.logger.error({ err: error }, "image upload failed");
    return data({ error: UPLOAD_MESSAGES.failed }, { status: 503 });
  }
}
