import type { Queryable } from "../queryable";
import { pricingTiers } from "../schema";
import { brandLogosSeed } from "./brand-logos";
import { faqsSeed } from "./faqs";
import { pageSeoSeed } from "./page-seo";
import { seedSiteSettings } from "../../features/settings/settings.server";
import { successStoriesSeed } from "./success-stories";
import { webstoreExamplesSeed } from "./webstore-examples";
import { loadSampleCatalogueIfEmpty } from "~/features/catalog/catalog.server";

export interface Seed {
  /** Recorded in seed_runs once applied. Give changed seed data a new name. */
  name: string;
  run(db: Queryable): Promise<void>;
}

export const seeds: Seed[] = [
  {
    // Core at $180 a year is the "from $180 per year" claim; annual billing saves 25–30 %.
    name: "pricing-tiers-v1",
    async run(db) {
      await db
        .insert(pricingTiers)
        .values([
          {
            name: "core",
            monthlyPriceCents: 2_000,
            annualPriceCents: 18_000,
            setupFeeCents: 25_000,
          },
          {
            name: "pro",
            monthlyPriceCents: 4_900,
            annualPriceCents: 42_000,
            setupFeeCents: 50_000,
          },
          {
            name: "elite",
            monthlyPriceCents: 9_900,
            annualPriceCents: 83_200,
            setupFeeCents: 100_000,
          },
        ])
        .onConflictDoNothing();
    },
  },
  faqsSeed,
  successStoriesSeed,
  webstoreExamplesSeed,
  brandLogosSeed,
  pageSeoSeed,
  // The company facts and links of app/config/site.ts become the editable first row.
  { name: "site-settings-v1", run: seedSiteSettings },
  {
    // A fresh clone has something to search; marked as sample and replaced by the first sync.
    name: "sample-catalogue-v1",
    async run(db) {
      await loadSampleCatalogueIfEmpty(db);
    },
  },
];
