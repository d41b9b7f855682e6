import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { clientWebstoreExamples } from "~/db/schema";
import type { ContentResult, WebstoreExample } from "./content";
import { readContent } from "./read.server";

/** Spec §7: active client webstore examples in display order. */
export function loadWebstoreExamples(db: Database): Promise<ContentResult<WebstoreExample>> {
  return readContent("client_webstore_examples", () =>
    db
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
  );
}
