import { asc, eq } from "drizzle-orm";
import { brandLogos, uploads } from "~/platform/db/schema/index";
import { builtInBrands } from "~/capabilities/brand-logos/seed";
import type { BrandLogo } from "~/capabilities/brand-logos/logo";
import { uploadedImage } from "~/platform/content/images.server";
import { type ReadContext, readContent } from "~/platform/content/read.server";

/** Spec §7: active brands by order index; spec §8: the eight built-in brands when the read fails. */
export async function loadBrandLogos(context: ReadContext): Promise<BrandLogo[]> {
  const result = await readContent(context, "brand_logos", async () =>
    context.db
      .select({ name: brandLogos.name, logoUrl: brandLogos.logoUrl, image: uploadedImage })
      .from(brandLogos)
      .leftJoin(uploads, eq(uploads.id, brandLogos.logoUploadId))
      .where(eq(brandLogos.active, true))
      .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.createdAt)),
  );
  return result.ok ? result.items : builtInBrands;
}
