import { site } from "~/platform/config/site";
import { Section } from "~/platform/ui/Section";
import { Icon, IconTile, type IconName } from "./icons";

const timeline: { when: string; title: string; text: string }[] = [
  {
    when: "The beginning",
    title: "A sign shop with one heat press",
    text: "We started as SignCo, making banners and vehicle graphics for Cincinnati-area businesses. Customers kept asking whether we could put their logo on shirts too, so we bought a heat press and said yes.",
  },
  {
    when: "Growing up",
    title: "Screen printing and embroidery in-house",
    text: `Apparel became the busiest part of the shop. We added screen printing presses and multi-head embroidery machines and moved into our ${site.address.city} warehouse, so every order could be made under one roof.`,
  },
  {
    when: "Webstores",
    title: "Stores that run themselves",
    text: "HR teams told us merch had become a part-time job: spreadsheets, leftover sizes, storage closets. We built branded webstores with on-demand production and post-pay gift codes so it could simply run.",
  },
  {
    when: "Today",
    title: "SignCo becomes Merch Simplified",
    text: "Merchandise is now what we do best, so we gave it its own name. Same family, same shop, same phone number, with one promise: making merch the easiest part of your job.",
  },
];

export function StoryTimeline() {
  return (
    <Section
      id="our-story"
      eyebrow="Our story"
      title="From a sign shop to your merch team"
      lead="Family-run from day one, and still answering the phone ourselves."
    >
      <ol className="relative mx-auto max-w-3xl space-y-10 border-l-2 border-brand-100 pl-8">
        {timeline.map((entry) => (
          <li key={entry.title} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1 -left-[2.6rem] size-5 rounded-full border-4 border-white bg-accent-600 shadow-card"
            />
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
              {entry.when}
            </p>
            <h3 className="mt-1 text-xl font-bold text-ink">{entry.title}</h3>
            <p className="mt-2 leading-7 text-ink-muted">{entry.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

const values: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "users",
    title: "Family first",
    text: "We treat customers and teammates the way we treat family: honestly and for the long run.",
  },
  {
    icon: "handshake",
    title: "Keep our word",
    text: "A date we give is a date we keep, and bad news travels fast and from us.",
  },
  {
    icon: "sparkles",
    title: "Simplicity",
    text: "Every step we take off your plate is the point of what we do.",
  },
  {
    icon: "shield",
    title: "Craftsmanship",
    text: "We'd wear everything we ship, and we check every item before it leaves.",
  },
  {
    icon: "leaf",
    title: "No waste",
    text: "Made on demand means no boxes of unwanted merch headed for a landfill.",
  },
];

export function FiveValues() {
  return (
    <Section
      id="values"
      eyebrow="Our values"
      title="Five things we never compromise on"
      tone="surface"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {values.map((value) => (
          <li
            key={value.title}
            className="rounded-card border border-line bg-white p-6 shadow-card"
          >
            <IconTile name={value.icon} />
            <h3 className="mt-4 text-lg font-bold text-ink">{value.title}</h3>
            <p className="mt-2 text-[0.9375rem] leading-7 text-ink-muted">{value.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const promises = [
  "A real person answers your call or email, usually within one business day.",
  "Every item is inspected in our shop before it ships.",
  "Webstore orders ship in 5-8 business days.",
  "If your webstore hasn't delivered value after 6 months, we refund 100% of your setup costs.",
  "Clear quotes with no surprise fees after you approve them.",
];

export function TrustPromises() {
  return (
    <Section id="promises" eyebrow="Our promises" title="What you can count on" tone="dark">
      <ul className="mx-auto grid max-w-4xl gap-4 md:grid-cols-2">
        {promises.map((promise) => (
          <li key={promise} className="flex gap-3 rounded-card bg-white/5 p-5 ring-1 ring-white/10">
            <Icon name="check" className="mt-0.5 size-5 text-accent-300" />
            <span className="text-brand-50">{promise}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
