import { asc, eq } from "drizzle-orm";
import { brandLogos } from "~/db/schema";
import { builtInBrands } from "~/db/seed/brand-logos";
import type { BrandLogo } from "./content";
import { withImages } from "./images.server";
import { type ReadContext, readContent } from "./read.server";

/** Spec §7: active brands by order index; spec §8: the eight built-in brands when the read fails. */
export async function loadBrandLogos(context: ReadContext): Promise<BrandLogo[]> {
  const result = await readContent(context, "brand_logos", async () =>
    withImages(
      context.db,
      await context.db
        .select({ name: brandLogos.name, logoUrl: brandLogos.logoUrl })
        .from(brandLogos)
        .where(eq(brandLogos.active, true))
        .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.createdAt)),
      (row) => row.logoUrl,
    ),
  );
  return result.ok ? result.items : builtInBrands;
}
