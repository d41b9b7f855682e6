import type { Seed } from "../../app/platform/db/seed";
import { pricingTiersSeed } from "../../app/capabilities/pricing/seed";
import { brandLogosSeed } from "../../app/capabilities/brand-logos/seed";
import { faqsSeed } from "../../app/capabilities/faqs/seed";
import { pageSeoSeed } from "../../app/capabilities/seo/seed";
import { seedSiteSettings } from "../../app/platform/settings/settings.server";
import { successStoriesSeed } from "../../app/capabilities/success-stories/seed";
import { webstoreExamplesSeed } from "../../app/capabilities/webstore-examples/seed";
import { priceMatrixSeed } from "../../app/capabilities/quotes/seed";
import { loadSampleCatalogueIfEmpty } from "~/capabilities/catalog/catalog.server";

export const seeds: Seed[] = [
  pricingTiersSeed,
  faqsSeed,
  successStoriesSeed,
  webstoreExamplesSeed,
  brandLogosSeed,
  pageSeoSeed,
  priceMatrixSeed,
  // The company facts and links of app/platform/config/site.ts become the editable first row.
  { name: "site-settings-v1", run: seedSiteSettings },
  {
    // A fresh clone has something to search; marked as sample and replaced by the first sync.
    name: "sample-catalogue-v1",
    async run(db) {
      await loadSampleCatalogueIfEmpty(db);
    },
  },
];
