import type { PlanPrice } from "~/capabilities/pricing/public";
import { site } from "~/platform/config/site";
import { Section } from "~/platform/ui/Section";
import { Icon, IconTile, type IconName } from "./icons";
import { PricingPopup } from "./PricingPopup";
import { mediaUrl } from "~/platform/storage/media";

const benefits: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "sparkles",
    title: "On-demand production",
    text: "Items are made when they're ordered, so nothing sits on a shelf.",
  },
  {
    icon: "box",
    title: "No minimums",
    text: "One hoodie or five hundred: every order is welcome.",
  },
  {
    icon: "clock",
    title: "5-8 day turnaround",
    text: "Printed and embroidered in our own shop and shipped fast.",
  },
  {
    icon: "ticket",
    title: "Post-pay gift codes",
    text: "Set a spending limit per code and pay only for what's redeemed.",
  },
  {
    icon: "truck",
    title: "No inventory",
    text: "We ship straight to each person, at home or at the office.",
  },
  {
    icon: "rocket",
    title: "Live in under 2 weeks",
    text: "We build the store; you approve it and announce it.",
  },
  {
    icon: "users",
    title: "Teams of 50 to 10,000+",
    text: "The same simple store for a single office or a national workforce.",
  },
  {
    icon: "gift",
    title: "Codes for every moment",
    text: "New-hire, holiday, anniversary and reward codes in a few clicks.",
  },
];

export function WebstoreBenefitsSection() {
  return (
    <Section
      id="benefits"
      eyebrow="Benefits"
      title="Everything your team needs, nothing you have to store"
      lead="A webstore turns merch from a recurring project into something that simply runs."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-card border border-line p-6">
            <IconTile name={benefit.icon} />
            <h3 className="mt-4 text-lg font-bold text-ink">{benefit.title}</h3>
            <p className="mt-2 text-[0.9375rem] leading-7 text-ink-muted">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function DemoVideoSection() {
  return (
    <Section
      id="demo"
      eyebrow="See it in action"
      title="A webstore in under a minute"
      lead="How a branded store works for the people ordering from it, from choosing gear to delivery."
      tone="dark"
    >
      <div className="mx-auto max-w-4xl overflow-hidden rounded-panel shadow-raised ring-1 ring-white/10">
        <video
          controls
          muted
          playsInline
          preload="none"
          poster={mediaUrl("webstore-demo-poster.webp")}
          width={1280}
          height={720}
          className="aspect-video w-full bg-brand-950"
        >
          <source src={mediaUrl("webstore-demo.mp4")} type="video/mp4" />
          <track
            kind="captions"
            src={mediaUrl("webstore-demo.vtt")}
            srcLang="en"
            label="English"
            default
          />
        </video>
      </div>
    </Section>
  );
}

const painPoints: [string, string][] = [
  [
    "Guessing sizes and ordering extras that end up in a closet",
    "Everyone orders their own size and style, made on demand",
  ],
  [
    "Collecting orders by spreadsheet, email and chasing payments",
    "One branded store takes the orders and the payments for you",
  ],
  [
    "Paying up front for gifts people may never claim",
    "Post-pay gift codes: you're billed only for what's redeemed",
  ],
  [
    "Waiting weeks for a vendor who never picks up the phone",
    "5-8 day turnaround and a team that answers",
  ],
];

export function PainPointsSection() {
  return (
    <Section
      id="pain-points"
      eyebrow="Why teams switch"
      title="The old way vs. the simplified way"
      tone="surface"
    >
      <div className="mx-auto max-w-5xl overflow-hidden rounded-card border border-line bg-white shadow-card">
        <div className="hidden grid-cols-2 bg-brand-900 text-sm font-semibold tracking-wide text-white uppercase md:grid">
          <p className="px-6 py-3">The old way</p>
          <p className="px-6 py-3">With a webstore</p>
        </div>
        <ul className="divide-y divide-line">
          {painPoints.map(([pain, solution]) => (
            <li key={pain} className="grid md:grid-cols-2">
              <p className="flex gap-3 px-6 py-4 text-ink-muted">
                <span aria-hidden="true" className="font-bold text-danger-700">
                  ✕
                </span>
                <span>
                  <span className="sr-only">The old way: </span>
                  {pain}
                </span>
              </p>
              <p className="flex gap-3 bg-success-50/60 px-6 py-4 font-medium text-ink">
                <Icon name="check" className="mt-0.5 size-5 text-success-700" />
                <span>
                  <span className="sr-only">With a webstore: </span>
                  {solution}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

const howItWorks = [
  {
    title: "Tell us about your team",
    text: "On a short call we learn your brand, your people and what you want the store to do.",
  },
  {
    title: "We build your store",
    text: "We mock up your logos on the products you choose and set up your branded store in under 2 weeks.",
  },
  {
    title: "Your people shop",
    text: "Share the link or send gift codes. We print, embroider and ship every order in 5-8 business days.",
  },
];

export function HowItWorksSection() {
  return (
    <Section id="how-it-works" eyebrow="How it works" title="Three steps to your own store">
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorks.map((step, index) => (
          <li key={step.title} className="rounded-card bg-surface p-7">
            <span className="text-5xl font-extrabold text-accent-700">{index + 1}</span>
            <h3 className="mt-3 text-xl font-bold text-ink">{step.title}</h3>
            <p className="mt-2 leading-7 text-ink-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

const useCases: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "rocket",
    title: "New-hire onboarding",
    text: "A welcome code on day one, redeemed for gear in their own size.",
  },
  {
    icon: "gift",
    title: "Holiday gifts",
    text: "Let everyone choose a gift they'll use instead of one that fits no one.",
  },
  {
    icon: "star",
    title: "Anniversaries and awards",
    text: "Celebrate milestones with codes sized to the occasion.",
  },
  {
    icon: "users",
    title: "Employee apparel",
    text: "Polos, jackets and workwear for every location, always in stock.",
  },
  {
    icon: "heart",
    title: "Community and spirit wear",
    text: "Schools, clubs and nonprofits sell to families and fans all year.",
  },
  {
    icon: "handshake",
    title: "Client and partner gifts",
    text: "Send codes to customers and partners and let them pick.",
  },
];

export function UseCasesSection() {
  return (
    <Section
      id="use-cases"
      eyebrow="Use cases"
      title="One store, many reasons to use it"
      tone="surface"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {useCases.map((useCase) => (
          <li
            key={useCase.title}
            className="flex gap-4 rounded-card border border-line bg-white p-6 shadow-card"
          >
            <IconTile name={useCase.icon} tone="brand" />
            <div>
              <h3 className="text-lg font-bold text-ink">{useCase.title}</h3>
              <p className="mt-1 leading-7 text-ink-muted">{useCase.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const differentiators = [
  {
    title: "We make it ourselves",
    text: `Printing and embroidery happen in our ${site.address.city} shop, not at a faraway subcontractor, so quality and timing stay in our hands.`,
  },
  {
    title: "You pay for what's used",
    text: "Post-pay gift codes and on-demand production mean no money tied up in boxes of merch.",
  },
  {
    title: "A real account team",
    text: "The people who build your store are the people who answer your calls after launch.",
  },
  {
    title: "A guarantee with teeth",
    text: "If your store hasn't delivered value after 6 months, your setup costs come back to you in full.",
  },
];

export function DifferentiatorsSection({ prices }: { prices: PlanPrice[] }) {
  return (
    <Section
      id="differentiators"
      eyebrow={`Why ${site.name}`}
      title="What makes our webstores different"
    >
      <ul className="grid gap-6 md:grid-cols-2">
        {differentiators.map((item) => (
          <li key={item.title} className="flex gap-4">
            <Icon name="check" className="mt-1 size-6 text-success-700" />
            <div>
              <h3 className="text-lg font-bold text-ink">{item.title}</h3>
              <p className="mt-1 leading-7 text-ink-muted">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <PricingPopup prices={prices} label="See plan details" />
      </div>
    </Section>
  );
}
