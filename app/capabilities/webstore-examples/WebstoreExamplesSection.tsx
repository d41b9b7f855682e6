import { Section } from "~/platform/ui/Section";
import type { ContentResult } from "~/platform/content/content";
import type { WebstoreExample } from "~/capabilities/webstore-examples/example";
import { WebstoreExamplesCarousel } from "./WebstoreExamplesCarousel";

/** The webstores page's client stores carousel. */
export function WebstoreExamplesSection({
  examples,
}: {
  examples: ContentResult<WebstoreExample>;
}) {
  return (
    <Section
      id="client-stores"
      eyebrow="Client success stories"
      title="Stores our clients love"
      lead="Every store is branded for its organization and built around how its people actually order."
      tone="surface"
    >
      <WebstoreExamplesCarousel examples={examples} />
    </Section>
  );
}
