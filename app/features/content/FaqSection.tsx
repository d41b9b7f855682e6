import * as Accordion from "@radix-ui/react-accordion";
import { Alert } from "~/ui/Field";
import { Section } from "~/ui/Section";
import type { ContentResult, Faq } from "./content";

/**
 * The FAQ of one page, rendered on the server. Spec §8: hidden when there are no questions,
 * 'Failed to load frequently asked questions' when the read failed.
 */
export function FaqSection({
  faqs,
  title = "Frequently Asked Questions",
  lead,
  tone = "white",
}: {
  faqs: ContentResult<Faq>;
  title?: string;
  lead?: string;
  tone?: "white" | "surface";
}) {
  if (faqs.ok && faqs.items.length === 0) return null;
  return (
    <Section id="faq" eyebrow="FAQ" title={title} lead={lead} tone={tone}>
      <div className="mx-auto max-w-3xl">
        {faqs.ok ? (
          <Accordion.Root type="single" collapsible className="space-y-3">
            {faqs.items.map((faq) => (
              <Accordion.Item
                key={faq.id}
                value={faq.id}
                className="rounded-card border border-line bg-white shadow-card"
              >
                <Accordion.Header>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-base font-semibold text-ink">
                    {faq.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-data-[state=open]:rotate-180"
                    >
                      <path d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z" />
                    </svg>
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="px-5 pb-5 text-ink-muted">
                  <div
                    className="space-y-3 leading-7 [&_a]:text-accent-700 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-ink [&_ul]:space-y-1.5"
                    // Admin-written HTML, sanitized when read (docs/decisions/004).
                    dangerouslySetInnerHTML={{ __html: faq.answer }}
                  />
                </Accordion.Content>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        ) : (
          <Alert tone="error">Failed to load frequently asked questions</Alert>
        )}
      </div>
    </Section>
  );
}
