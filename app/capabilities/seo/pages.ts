/**
 * Every public page that search engines should know: the sitemap lists these, the head
 * falls back to their defaults when no page_seo_settings row exists, and the first start
 * seeds one page_seo_settings row for each.
 */
export interface PublicPage {
  path: string;
  name: string;
  title: string;
  description: string;
  /** Left out of the sitemap (internal tools, one-off pages). */
  hidden?: boolean;
}

export const publicPages: PublicPage[] = [
  {
    path: "/",
    name: "Home",
    title: "Merch Simplified | Company Webstores & Custom Bulk Merch",
    description:
      "Branded company webstores with no minimums and custom bulk orders, printed and embroidered in-house near Cincinnati. Making merch the easiest part of your job.",
  },
  {
    path: "/about",
    name: "About",
    title: "About Us | Merch Simplified",
    description:
      "A family-run merchandise team near Cincinnati, Ohio, printing and embroidering in-house for businesses, schools and communities.",
  },
  {
    path: "/webstores",
    name: "Company Webstores",
    title: "Company Webstores | Merch Simplified",
    description:
      "A branded online store for your team in under 2 weeks: on-demand production, no minimums, no inventory and gift codes you only pay for when used.",
  },
  {
    path: "/bulk-orders",
    name: "Custom Bulk Orders",
    title: "Custom Bulk Orders | Merch Simplified",
    description:
      "Branded apparel and promotional products for events, gifts and teams, with design guidance, competitive pricing and a dedicated account manager.",
  },
  {
    path: "/pricing",
    name: "Pricing",
    title: "Webstore Pricing | Merch Simplified",
    description:
      "Core, Pro and Elite webstore plans from $180 per year. Save up to 30% with annual billing. Cancel anytime.",
  },
  {
    path: "/checkout",
    name: "Checkout",
    title: "Checkout | Merch Simplified",
    description: "Start your Merch Simplified webstore plan.",
    hidden: true,
  },
  {
    path: "/checkout-success",
    name: "Checkout Success",
    title: "Payment Successful | Merch Simplified",
    description: "Thank you for choosing Merch Simplified.",
    hidden: true,
  },
  {
    path: "/product-search",
    name: "Product Search",
    title: "Search Products | Merch Simplified",
    description:
      "Search thousands of blank apparel styles from leading brands, ready for your logo.",
  },
  {
    path: "/version-one",
    name: "Home (Version One)",
    title: "We Simplify Merch | Merch Simplified",
    description:
      "Merch Simplified makes branded merchandise the easiest part of your job, from company webstores to custom bulk orders.",
  },
  {
    path: "/signco-transition",
    name: "SignCo Transition",
    title: "SignCo Is Now Merch Simplified",
    description:
      "SignCo's merchandise business is now Merch Simplified: same people, same in-house production, a sharper focus on merch.",
  },
  {
    path: "/privacy-policy",
    name: "Privacy Policy",
    title: "Privacy Policy | Merch Simplified",
    description: "How Merch Simplified collects, uses and protects your information.",
  },
  {
    path: "/terms-of-service",
    name: "Terms of Service",
    title: "Terms of Service | Merch Simplified",
    description:
      "The terms that apply to Merch Simplified webstores, bulk orders and this website.",
  },
];

export const defaultPage: Pick<PublicPage, "title" | "description"> = publicPages[0]!;

export function findPublicPage(pathname: string) {
  return publicPages.find((page) => page.path === pathname);
}
