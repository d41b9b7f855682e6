import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { brandLogos } from "~/db/schema";
import { builtInBrands } from "~/db/seed/brand-logos";
import type { BrandLogo } from "./content";
import { readContent } from "./read.server";

/** Spec §7: active brands by order index; spec §8: the eight built-in brands when the read fails. */
export async function loadBrandLogos(db: Database): Promise<BrandLogo[]> {
  const result = await readContent("brand_logos", () =>
    db
      .select({ name: brandLogos.name, logoUrl: brandLogos.logoUrl })
      .from(brandLogos)
      .where(eq(brandLogos.active, true))
      .orderBy(asc(brandLogos.orderIndex), asc(brandLogos.createdAt)),
  );
  return result.ok ? result.items : builtInBrands;
}
