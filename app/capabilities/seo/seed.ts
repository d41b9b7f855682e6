import { site } from "~/platform/config/site";
import { publicPages } from "./pages";
import { pageSeoSettings } from "~/platform/db/schema/index";
import type { Seed } from "~/platform/db/seed";

/** Search keywords per page path (4–8 each). Titles, names and descriptions come from publicPages. */
const keywordsByPath: Record<string, string[]> = {
  "/": [
    "branded merchandise",
    "company webstores",
    "custom bulk orders",
    "custom apparel",
    "embroidery Cincinnati",
    "promotional products",
    "corporate merch",
  ],
  "/about": [
    "Merch Simplified",
    "family-run merch company",
    "Cincinnati custom apparel",
    "Blue Ash printing and embroidery",
    "in-house merchandise production",
  ],
  "/webstores": [
    "company webstore",
    "employee merch store",
    "branded online store",
    "post-pay gift codes",
    "no minimum merch",
    "on-demand apparel",
  ],
  "/bulk-orders": [
    "custom bulk orders",
    "branded apparel",
    "promotional products",
    "event merchandise",
    "corporate gifts",
    "custom embroidery",
  ],
  "/pricing": [
    "webstore pricing",
    "company store plans",
    "Core Pro Elite plans",
    "merch store subscription",
    "annual billing savings",
  ],
  "/checkout": [
    "webstore checkout",
    "Merch Simplified plans",
    "company store subscription",
    "secure checkout",
  ],
  "/checkout-success": [
    "payment successful",
    "webstore order confirmation",
    "webstore intake form",
    "Merch Simplified",
  ],
  "/product-search": [
    "blank apparel",
    "apparel catalog",
    "custom t-shirts",
    "branded hoodies",
    "apparel brands",
  ],
  "/version-one": [
    "we simplify merch",
    "branded merchandise",
    "company webstores",
    "custom bulk orders",
  ],
  "/signco-transition": [
    "SignCo",
    "SignCo merchandise",
    "SignCo is now Merch Simplified",
    "Merch Simplified",
    "Cincinnati merch company",
  ],
  "/privacy-policy": [
    "privacy policy",
    "Merch Simplified privacy",
    "personal information",
    "data protection",
  ],
  "/terms-of-service": [
    "terms of service",
    "Merch Simplified terms",
    "webstore terms",
    "bulk order terms",
  ],
};

/** Social-card copy for the main pages, which also get the shared Open Graph image. */
const socialByPath: Record<string, { ogTitle: string; ogDescription: string }> = {
  "/": {
    ogTitle: `${site.name}: ${site.tagline}`,
    ogDescription:
      "Company webstores with no minimums and post-pay gift codes, plus custom bulk orders, all printed and embroidered in-house near Cincinnati.",
  },
  "/about": {
    ogTitle: "We're Family: Meet the Merch Simplified Team",
    ogDescription: `A family-run team printing and embroidering in-house in ${site.address.city}, Ohio, for businesses, schools and communities that want merch made easy.`,
  },
  "/webstores": {
    ogTitle: "Your Branded Company Webstore in Under 2 Weeks",
    ogDescription:
      "No minimums, no inventory, a 5–8 business day turnaround and gift codes you only pay for when they're used. Built for teams of 50 to 10,000+.",
  },
  "/bulk-orders": {
    ogTitle: "Custom Bulk Merch, Designed With You",
    ogDescription:
      "Branded apparel and promotional products for events, gifts and teams, with expert design guidance and a dedicated account manager.",
  },
  "/pricing": {
    ogTitle: "Company Webstore Plans From $180 a Year",
    ogDescription:
      "Compare Core, Pro and Elite. Save up to 30% with annual billing, cancel anytime, and get 100% of your setup fee back if you see no value in 6 months.",
  },
};

const ogImageUrl = `${site.url}/og-image.png`;

const rows: (typeof pageSeoSettings.$inferInsert)[] = publicPages.map((page) => {
  const social = socialByPath[page.path];
  return {
    pagePath: page.path,
    pageName: page.name,
    title: page.title,
    metaDescription: page.description,
    metaKeywords: keywordsByPath[page.path] ?? [],
    // Null fields fall back: Open Graph to the title and description, Twitter to Open Graph.
    ogTitle: social?.ogTitle ?? null,
    ogDescription: social?.ogDescription ?? null,
    ogImageUrl: social ? ogImageUrl : null,
    twitterTitle: null,
    twitterDescription: null,
    twitterImageUrl: null,
    canonicalUrl: null,
  };
});

export const pageSeoSeed: Seed = {
  name: "page-seo-v1",
  async run(db) {
    await db.insert(pageSeoSettings).values(rows).onConflictDoNothing();
  },
};
