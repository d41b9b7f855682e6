import { island } from "~/ui/island";

/**
 * The public pages' below-the-fold sections as islands (see `~/ui/island`): server-rendered whole,
 * their code fetched when they come near the viewport, so the first load carries only the header,
 * the hero and React (issue 13: at most 120 KB of gzipped JavaScript on every public page).
 */
export const ServiceCards = island(() => import("./ServiceCards").then((m) => m.ServiceCards));
export const WhyChooseSection = island(() =>
  import("./HomeSections").then((m) => m.WhyChooseSection),
);
export const ProcessSection = island(() => import("./HomeSections").then((m) => m.ProcessSection));
export const GuaranteeSection = island(() =>
  import("./HomeSections").then((m) => m.GuaranteeSection),
);
export const CoreValuesSection = island(() =>
  import("./HomeSections").then((m) => m.CoreValuesSection),
);
export const InHouseSection = island(() =>
  import("./InHouseSection").then((m) => m.InHouseSection),
);
export const Testimonials = island(() => import("./Testimonials").then((m) => m.Testimonials));
export const SuccessStoriesSection = island(() =>
  import("~/features/content/SuccessStoriesSection").then((m) => m.SuccessStoriesSection),
);
export const WebstoreExamplesSection = island(() =>
  import("~/features/content/WebstoreExamplesSection").then((m) => m.WebstoreExamplesSection),
);
export const BrandsSection = island(() =>
  import("~/features/content/BrandsSection").then((m) => m.BrandsSection),
);
export const FaqSection = island(() =>
  import("~/features/content/FaqSection").then((m) => m.FaqSection),
);
export const ContactSection = island(() =>
  import("~/features/contact/ContactSection").then((m) => m.ContactSection),
);
export const ColourStrip = island(() => import("./ColourStrip").then((m) => m.ColourStrip));
/** Hidden until the page is scrolled past 500 px, so its code waits for the first scroll. */
export const ScrollToTopIndicator = island(
  () => import("./ScrollToTopIndicator").then((m) => m.ScrollToTopIndicator),
  { when: "scroll" },
);
export const StoryTimeline = island(() => import("./AboutSections").then((m) => m.StoryTimeline));
export const FiveValues = island(() => import("./AboutSections").then((m) => m.FiveValues));
export const TrustPromises = island(() => import("./AboutSections").then((m) => m.TrustPromises));
export const BulkPathsSection = island(() =>
  import("./BulkOrderSections").then((m) => m.BulkPathsSection),
);
export const BulkStepsSection = island(() =>
  import("./BulkOrderSections").then((m) => m.BulkStepsSection),
);
export const WebstoreBenefitsSection = island(() =>
  import("./WebstoreSections").then((m) => m.WebstoreBenefitsSection),
);
export const DemoVideoSection = island(() =>
  import("./WebstoreSections").then((m) => m.DemoVideoSection),
);
export const PainPointsSection = island(() =>
  import("./WebstoreSections").then((m) => m.PainPointsSection),
);
export const HowItWorksSection = island(() =>
  import("./WebstoreSections").then((m) => m.HowItWorksSection),
);
export const UseCasesSection = island(() =>
  import("./WebstoreSections").then((m) => m.UseCasesSection),
);
export const DifferentiatorsSection = island(() =>
  import("./WebstoreSections").then((m) => m.DifferentiatorsSection),
);
export const ConfettiTrigger = island(() =>
  import("./ConfettiTrigger").then((m) => m.ConfettiTrigger),
);
