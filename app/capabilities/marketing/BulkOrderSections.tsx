import { ButtonLink } from "~/platform/ui/Button";
import { Section } from "~/platform/ui/Section";
import { CONTACT_SECTION_ID } from "~/platform/shell/contact";
import { IconTile, type IconName } from "./icons";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

export function BulkPathsSection() {
  const settings = useSiteSettings();
  const cards: {
    icon: IconName;
    title: string;
    text: string;
    action: { label: string; href: string; external: boolean };
  }[] = [
    {
      icon: "shirt",
      title: "Print/Embroidered Goods",
      text: "T-shirts, hoodies, polos, jackets and hats, screen printed or embroidered in our shop.",
      action: { label: "Request Quote", href: settings.quoteRequestUrl, external: true },
    },
    {
      icon: "gift",
      title: "Hard Goods/Promo Products",
      text: "Drinkware, bags, tech accessories and giveaways from thousands of promotional products.",
      action: { label: "Shop Promo Products", href: settings.promoProductsUrl, external: true },
    },
    {
      icon: "handshake",
      title: "Both",
      text: "Planning an event or a launch that needs apparel and promo items together? Let's plan it with you.",
      action: { label: "Get Consultation", href: `#${CONTACT_SECTION_ID}`, external: false },
    },
  ];
  return (
    <Section
      id="paths"
      eyebrow="Three ways to order"
      title="What are you looking for?"
      lead="Pick the path that fits your order. Every one ends with a real person on our team."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <li
            key={card.title}
            className="flex flex-col rounded-card border border-line bg-white p-7 shadow-card"
          >
            <IconTile name={card.icon} />
            <h3 className="mt-5 text-xl font-bold text-ink">{card.title}</h3>
            <p className="mt-2 flex-1 leading-7 text-ink-muted">{card.text}</p>
            <ButtonLink
              href={card.action.href}
              newTab={card.action.external}
              className="mt-6 self-start"
            >
              {card.action.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const steps: { icon: IconName; title: string; text: string }[] = [
  {
    icon: "chat",
    title: "Consultation",
    text: "Tell us about the event, the audience, your budget and your in-hands date.",
  },
  {
    icon: "palette",
    title: "Design & Quote",
    text: "We prepare artwork mockups and a clear quote, and adjust until it's right.",
  },
  {
    icon: "shirt",
    title: "Production",
    text: "Your order is printed or embroidered in-house and every item is inspected.",
  },
  {
    icon: "truck",
    title: "Delivery",
    text: "Everything arrives together and on time, at one address or many.",
  },
];

export function BulkStepsSection() {
  return (
    <Section id="bulk-process" eyebrow="The process" title="Four steps from idea to delivery">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-card bg-surface p-6">
            <div className="flex items-center gap-3">
              <IconTile name={step.icon} tone="brand" />
              <span className="text-sm font-semibold text-accent-700">Step {index + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
            <p className="mt-2 leading-7 text-ink-muted">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
