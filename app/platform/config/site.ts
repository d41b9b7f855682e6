// @chunk shell
const address = {
  street: "4750 Creek Road, Suite 120",
  city: "Blue Ash",
  region: "OH",
  postalCode: "45242",
  country: "US",
} as const;

/** Where the map frame may load from (the CSP's frame-src). */
export const MAPS_ORIGIN = "https://www.google.com";

/** Google Maps' keyless embed and its directions link, built from the address they show. */
export function mapUrls(a: { street: string; city: string; region: string; postalCode: string }) {
  const q = encodeURIComponent(`${a.street}, ${a.city}, ${a.region} ${a.postalCode}`);
  return {
    mapEmbedUrl: `${MAPS_ORIGIN}/maps?q=${q}&output=embed`,
    directionsUrl: `${MAPS_ORIGIN}/maps/dir/?api=1&destination=${q}`,
  };
}

/** Company facts shown across the site. One place, so a change here changes every page. */
export const site = {
  name: "Merch Simplified",
  tagline: "Making merch the easiest part of your job",
  url: "https://www.merchsimplified.example.com",
  email: "hello@merchsimplified.example.com",
  phone: { display: "(513) 555-0142", href: "tel:+15135550142" },
  address,
  ...mapUrls(address),
  blogUrl: "https://blog.merchsimplified.example.com",
  googleReviewsUrl: "https://reviews.example.com/merch-simplified",
  bookingUrl: "https://calendar.example.com/merch-simplified/discovery-call",
  intakeFormUrl: "https://forms.example.com/merch-simplified/webstore-intake",
  shop: {
    apparel: { label: "Shop Apparel", url: "https://shop.example.com/create" },
    promo: { label: "Shop Promo Products", url: "https://promo.example.com" },
  },
  bulk: {
    requestQuoteUrl: "https://forms.example.com/merch-simplified/bulk-quote",
  },
  social: [
    { label: "Facebook", url: "https://facebook.example.com/merchsimplified" },
    { label: "Instagram", url: "https://instagram.example.com/merchsimplified" },
    { label: "LinkedIn", url: "https://linkedin.example.com/company/merchsimplified" },
  ],
} as const;

export function formatAddress(separator = ", ") {
  const a = site.address;
  return [a.street, `${a.city}, ${a.region} ${a.postalCode}`].join(separator);
}
