import { asc, eq } from "drizzle-orm";
import { successStories } from "~/platform/db/schema/index";
import type { ContentResult } from "~/platform/content/content";
import type { SuccessStory } from "~/capabilities/success-stories/story";
import { withImages } from "~/platform/content/images.server";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** Spec §7: active success stories in display order. */
export function loadSuccessStories(context: ReadContext): Promise<ContentResult<SuccessStory>> {
  return readContent(context, "success_stories", async () =>
    withImages(
      context.db,
      await context.db
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
      (row) => row.imageUrl,
    ),
  );
}
