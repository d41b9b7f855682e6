import { island } from "~/platform/ui/island";

/**
 * The below-the-fold sections that several public pages share, as islands (see `~/platform/ui/island`):
 * server-rendered whole, their code fetched when they come near the viewport, so the first load
 * carries only the header, the hero and React (issue 13: at most 120 KB of gzipped JavaScript on
 * every public page). A section only one page shows is declared by that page's route. They live
 * here, beside the routes, because they gather sections of several capabilities.
 */
export const ServiceCards = island(() =>
  import("~/capabilities/marketing/ServiceCards").then((m) => m.ServiceCards),
);
export const WhyChooseSection = island(() =>
  import("~/capabilities/marketing/HomeSections").then((m) => m.WhyChooseSection),
);
export const ProcessSection = island(() =>
  import("~/capabilities/marketing/HomeSections").then((m) => m.ProcessSection),
);
export const GuaranteeSection = island(() =>
  import("~/capabilities/marketing/HomeSections").then((m) => m.GuaranteeSection),
);
export const Testimonials = island(() =>
  import("~/capabilities/marketing/Testimonials").then((m) => m.Testimonials),
);
export const FaqSection = island(() =>
  import("~/capabilities/faqs/FaqSection").then((m) => m.FaqSection),
);
export const ContactSection = island(() =>
  import("~/capabilities/contact/ContactSection").then((m) => m.ContactSection),
);
export const ColourStrip = island(() =>
  import("~/capabilities/marketing/ColourStrip").then((m) => m.ColourStrip),
);
/** Hidden until the page is scrolled past 500 px, so its code waits for the first scroll. */
export const ScrollToTopIndicator = island(
  () => import("~/capabilities/marketing/ScrollToTopIndicator").then((m) => m.ScrollToTopIndicator),
  { when: "scroll" },
);
