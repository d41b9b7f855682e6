import { asc, eq } from "drizzle-orm";
import { clientWebstoreExamples } from "~/platform/db/schema/index";
import type { ContentResult } from "~/platform/content/content";
import type { WebstoreExample } from "~/capabilities/webstore-examples/example";
import { withImages } from "~/platform/content/images.server";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** Spec §7: active client webstore examples in display order. */
export function loadWebstoreExamples(
  context: ReadContext,
): Promise<ContentResult<WebstoreExample>> {
  return readContent(context, "client_webstore_examples", async () =>
    withImages(
      context.db,
      await context.db
        .select({
          id: clientWebstoreExamples.id,
          headerText: clientWebstoreExamples.headerText,
          companyName: clientWebstoreExamples.companyName,
          description: clientWebstoreExamples.description,
          logoUrl: clientWebstoreExamples.logoUrl,
          webstoreUrl: clientWebstoreExamples.webstoreUrl,
        })
        .from(clientWebstoreExamples)
        .where(eq(clientWebstoreExamples.isActive, true))
        .orderBy(asc(clientWebstoreExamples.displayOrder), asc(clientWebstoreExamples.createdAt)),
      (row) => row.logoUrl,
    ),
  );
}
