import { formatCalendarDate } from "~/platform/lib/dates";
import type { ReactNode } from "react";
import { Container, PageIntro } from "~/platform/ui/Container";

/** A long readable document (policies, announcements) under the page's intro. */
export function LegalDocument({
  eyebrow,
  title,
  lead,
  updated,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  /** Shown as "Last updated"; ISO date. */
  updated?: string;
  children: ReactNode;
}) {
  return (
    <>
      <PageIntro eyebrow={eyebrow} title={title} lead={lead} />
      <Container className="py-12 sm:py-16">
        <article
          className={[
            "mx-auto max-w-3xl text-[1.0625rem] leading-8 wrap-break-word text-ink-muted",
            "[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-ink",
            "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-ink",
            "[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
            "[&_a:not([class])]:font-medium [&_a:not([class])]:text-accent-700 [&_a:not([class])]:underline [&_a:not([class])]:underline-offset-4 [&_strong]:text-ink",
          ].join(" ")}
        >
          {updated ? (
            <p className="text-sm">
              Last updated:{" "}
              <time dateTime={updated}>{formatCalendarDate(updated, { long: true })}</time>
            </p>
          ) : null}
          {children}
        </article>
      </Container>
    </>
  );
}
