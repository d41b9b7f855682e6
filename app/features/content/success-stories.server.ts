import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { successStories } from "~/db/schema";
import type { ContentResult, SuccessStory } from "./content";
import { readContent } from "./read.server";

/** Spec §7: active success stories in display order. */
export function loadSuccessStories(db: Database): Promise<ContentResult<SuccessStory>> {
  return readContent("success_stories", () =>
    db
      .select({
        id: successStories.id,
        title: successStories.title,
        companyName: successStories.companyName,
        description: successStories.description,
        imageUrl: successStories.imageUrl,
        linkUrl: successStories.linkUrl,
        linkText: successStories.linkText,
      })
      .from(successStories)
      .where(eq(successStories.isActive, true))
      .orderBy(asc(successStories.displayOrder), asc(successStories.createdAt)),
  );
}
