import { asc, eq } from "drizzle-orm";
import { successStories, uploads } from "~/platform/db/schema/index";
import type { ContentResult } from "~/platform/content/content";
import type { SuccessStory } from "~/capabilities/success-stories/story";
import { uploadedImage } from "~/platform/content/images.server";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** Spec §7: active success stories in display order. */
export function loadSuccessStories(context: ReadContext): Promise<ContentResult<SuccessStory>> {
  return readContent(context, "success_stories", async () =>
    context.db
      .select({
        id: successStories.id,
        title: successStories.title,
        companyName: successStories.companyName,
        description: successStories.description,
        imageUrl: successStories.imageUrl,
        image: uploadedImage,
        linkUrl: successStories.linkUrl,
        linkText: successStories.linkText,
      })
      .from(successStories)
      .leftJoin(uploads, eq(uploads.id, successStories.imageUploadId))
      .where(eq(successStories.isActive, true))
      .orderBy(asc(successStories.displayOrder), asc(successStories.createdAt)),
  );
}
