import { Alert } from "~/platform/ui/Field";
import { Section } from "~/platform/ui/Section";
import type { ContentResult } from "~/platform/content/content";
import type { Faq } from "~/capabilities/faqs/faq";

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
          <ul className="space-y-3">
            {faqs.items.map((faq) => (
              <li key={faq.id}>
                {/* A native disclosure: answers are in the server's HTML and open without JavaScript. */}
                <details
                  name="faq"
                  className="group rounded-card border border-line bg-white shadow-card"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-card px-5 py-4 text-left text-base font-semibold text-ink [&::-webkit-details-marker]:hidden">
                    {faq.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-open:rotate-180"
                    >
                      <path d="M5.22 7.22a.75.75 0 0 1 1.06 0L10 10.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 8.28a.75.75 0 0 1 0-1.06Z" />
                    </svg>
                  </summary>
                  <div
                    className="space-y-3 px-5 pb-5 leading-7 text-ink-muted [&_a]:text-accent-700 [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_strong]:text-ink [&_ul]:space-y-1.5"
                    // Admin-written HTML, sanitized when read (docs/decisions/004).
                    dangerouslySetInnerHTML={{ __html: faq.answer }}
                  />
                </details>
              </li>
            ))}
          </ul>
        ) : (
          <Alert tone="error">Failed to load frequently asked questions</Alert>
        )}
      </div>
    </Section>
  );
}
