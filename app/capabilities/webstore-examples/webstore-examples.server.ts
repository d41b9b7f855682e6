import { asc, eq } from "drizzle-orm";
import { clientWebstoreExamples, uploads } from "~/platform/db/schema/index";
import type { ContentResult } from "~/platform/content/content";
import type { WebstoreExample } from "~/capabilities/webstore-examples/example";
import { uploadedImage } from "~/platform/content/images.server";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** Spec §7: active client webstore examples in display order. */
export function loadWebstoreExamples(
  context: ReadContext,
): Promise<ContentResult<WebstoreExample>> {
  return readContent(context, "client_webstore_examples", async () =>
    context.db
      .select({
        id: clientWebstoreExamples.id,
        headerText: clientWebstoreExamples.headerText,
        companyName: clientWebstoreExamples.companyName,
        description: clientWebstoreExamples.description,
        logoUrl: clientWebstoreExamples.logoUrl,
        image: uploadedImage,
        webstoreUrl: clientWebstoreExamples.webstoreUrl,
      })
      .from(clientWebstoreExamples)
      .leftJoin(uploads, eq(uploads.id, clientWebstoreExamples.logoUploadId))
      .where(eq(clientWebstoreExamples.isActive, true))
      .orderBy(asc(clientWebstoreExamples.displayOrder), asc(clientWebstoreExamples.createdAt)),
  );
}
