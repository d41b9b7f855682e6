import { site } from "~/platform/config/site";
import { ButtonLink } from "~/platform/ui/Button";
import { Section } from "~/platform/ui/Section";
import { Icon, IconTile, type IconName } from "./icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

const benefits: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "heart",
    title: "A team who cares",
    text: "You talk to the same people who design, print and pack your order. We answer the phone, learn your brand and treat every shirt like it carries our own name.",
  },
  {
    icon: "box",
    title: "No minimum requirements",
    text: "Webstore items are made on demand, one at a time if that's what you need. No boxes of extra sizes, no storage closet, no guessing.",
  },
  {
    icon: "ticket",
    title: "Post-pay web store codes",
    text: "Hand out gift codes for new hires, holidays, anniversaries and rewards with a spending limit. You're billed only for the codes people actually redeem.",
  },
];

export function WhyChooseSection() {
  return (
    <Section
      id="why-choose"
      eyebrow="Why choose us"
      title={`Why Choose ${site.name}`}
      lead="Merch should make your people feel appreciated, not add another project to your plate."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {benefits.map((benefit) => (
          <li
            key={benefit.title}
            className="rounded-card border border-line bg-white p-7 shadow-card"
          >
            <IconTile name={benefit.icon} />
            <h3 className="mt-5 text-xl font-bold text-ink">{benefit.title}</h3>
            <p className="mt-3 leading-7 text-ink-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const steps: { title: string; timing?: string; text: string }[] = [
  {
    title: "Discovery Call",
    text: "A short conversation about your team, your brand and what you want your merch to do.",
  },
  {
    title: "Sign Up & Store Setup",
    timing: "2-3 weeks",
    text: "Choose a plan. We mock up your logos on the products you pick and build your branded store.",
  },
  {
    title: "Review & Launch Planning",
    timing: "30-minute meeting, 1-2 weeks",
    text: "We walk through the store together, fine-tune products and prices, and plan the announcement and gift codes.",
  },
  {
    title: "Launch",
    text: "Your store opens to your people. Orders are printed and embroidered in-house and shipped in 5-8 business days.",
  },
  {
    title: "Ongoing Relationship",
    text: "We refresh products by season, add new logos and help you plan events, so the store keeps earning its place.",
  },
];

export function ProcessSection() {
  return (
    <Section
      id="process"
      eyebrow="How it works"
      title="From first call to a store your team loves"
      lead="Five steps, one team, and a launch date you can plan around."
      tone="surface"
    >
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="relative rounded-card border border-line bg-white p-6 shadow-card"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-900 text-lg font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
            {step.timing ? (
              <p className="mt-1 text-sm font-semibold text-accent-700">{step.timing}</p>
            ) : null}
            <p className="mt-3 text-[0.9375rem] leading-7 text-ink-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Spec §1: 100 % of setup costs back if there's no value after 6 months. Shown on / and /webstores. */
export function GuaranteeSection() {
  const settings = useSiteSettings();
  return (
    <Section
      id="guarantee"
      tone="dark"
      eyebrow="Our guarantee"
      title="Love your store, or get your setup costs back"
      lead="If your webstore hasn't delivered value after 6 months, we refund 100% of your setup costs. We only do well when your people are wearing the merch."
    >
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to="/pricing" size="lg">
          See plans and pricing
        </ButtonLink>
        <a
          href={settings.bookingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-13 items-center gap-2 rounded-control px-7 font-semibold text-white ring-1 ring-white/40 ring-inset hover:bg-white/10"
        >
          <Icon name="calendar" className="size-5" />
          Book a discovery call
        </a>
      </div>
    </Section>
  );
}

const values: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "handshake",
    title: "Do what we say",
    text: "Dates, prices and promises are kept, and if something slips you hear it from us first.",
  },
  {
    icon: "sparkles",
    title: "Make it simple",
    text: "Every extra step we remove is time you get back. Simple is the whole point.",
  },
  {
    icon: "shield",
    title: "Quality you can feel",
    text: "We choose garments we'd wear ourselves and inspect every item before it ships.",
  },
  {
    icon: "users",
    title: "People first",
    text: "Our customers, their teams and our own crew are treated like family, because many of us are.",
  },
];

export function CoreValuesSection() {
  return (
    <Section
      id="core-values"
      eyebrow="Core values"
      title="What we stand for"
      lead="The habits that guide every order, from a single hoodie to a company-wide launch."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {values.map((value) => (
          <li key={value.title} className="rounded-card bg-surface p-6">
            <IconTile name={value.icon} tone="brand" />
            <h3 className="mt-4 text-lg font-bold text-ink">{value.title}</h3>
            <p className="mt-2 leading-7 text-ink-muted">{value.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
