import { brandLogos } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

/**
 * The apparel brands shown in "Popular Brands We Source". The public site falls back to this
 * list when the brand_logos table cannot be read. The logos are plain typographic wordmarks.
 */
export const builtInBrands: { name: string; logoUrl: string }[] = [
  { name: "Gildan", logoUrl: "/brands/gildan.svg" },
  { name: "Bella+Canvas", logoUrl: "/brands/bella-canvas.svg" },
  { name: "Next Level", logoUrl: "/brands/next-level.svg" },
  { name: "Port Authority", logoUrl: "/brands/port-authority.svg" },
  { name: "Sport-Tek", logoUrl: "/brands/sport-tek.svg" },
  { name: "Carhartt", logoUrl: "/brands/carhartt.svg" },
  { name: "The North Face", logoUrl: "/brands/the-north-face.svg" },
  { name: "Nike", logoUrl: "/brands/nike.svg" },
];

export const brandLogosSeed: Seed = {
  name: "brand-logos-v1",
  async run(db) {
    await db
      .insert(brandLogos)
      .values(
        builtInBrands.map((brand, orderIndex) => ({
          name: brand.name,
          logoUrl: brand.logoUrl,
          active: true,
          orderIndex,
        })),
      )
      .onConflictDoNothing();
  },
};
