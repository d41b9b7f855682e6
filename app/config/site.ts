/** Company facts shown across the site. One place, so a change here changes every page. */
export const site = {
  name: "Merch Simplified",
  tagline: "Making merch the easiest part of your job",
  url: "https://www.merchsimplified.example.com",
  email: "hello@merchsimplified.example.com",
  phone: { display: "(513) 555-0142", href: "tel:+15135550142" },
  address: {
    street: "4750 Creek Road, Suite 120",
    city: "Blue Ash",
    region: "OH",
    postalCode: "45242",
    country: "US",
  },
  directionsUrl: "https://maps.example.com/?q=4750+Creek+Road+Blue+Ash+OH+45242",
  mapEmbedUrl: "https://maps.example.com/embed?q=4750+Creek+Road+Blue+Ash+OH+45242",
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
