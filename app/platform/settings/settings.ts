// @chunk shell
import { site } from "~/platform/config/site";

/** The company facts and outside links every page shows, as admins edit them. */
export interface SiteSettings {
  street: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
  facebookUrl: string | null;
  instagramUrl: string | null;
  linkedinUrl: string | null;
  shopUrl: string;
  promoProductsUrl: string;
  bookingUrl: string;
  quoteRequestUrl: string;
  intakeFormUrl: string;
  reviewsUrl: string;
  knowledgeBaseWebsiteUrl: string | null;
  chatAssistantEnabled: boolean;
}

const socialUrl = (label: string) => site.social.find((s) => s.label === label)?.url ?? null;

/** Today's constants (app/platform/config/site.ts): the first row, and what pages show if it cannot be read. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  street: site.address.street,
  city: site.address.city,
  region: site.address.region,
  postalCode: site.address.postalCode,
  country: site.address.country,
  phone: site.phone.display,
  email: site.email,
  facebookUrl: socialUrl("Facebook"),
  instagramUrl: socialUrl("Instagram"),
  linkedinUrl: socialUrl("LinkedIn"),
  shopUrl: site.shop.apparel.url,
  promoProductsUrl: site.shop.promo.url,
  bookingUrl: site.bookingUrl,
  quoteRequestUrl: site.bulk.requestQuoteUrl,
  intakeFormUrl: site.intakeFormUrl,
  reviewsUrl: site.googleReviewsUrl,
  knowledgeBaseWebsiteUrl: null,
  chatAssistantEnabled: false,
};

/** The tel: link for a displayed number; ten digits are taken as a US number. */
export function phoneHref(phone: string) {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `tel:+${digits}`;
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function formatSettingsAddress(settings: SiteSettings, separator = ", ") {
  return [settings.street, `${settings.city}, ${settings.region} ${settings.postalCode}`].join(
    separator,
  );
}
