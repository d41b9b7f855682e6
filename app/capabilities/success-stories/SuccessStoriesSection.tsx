import { Section } from "~/platform/ui/Section";
import type { ContentResult } from "~/platform/content/content";
import type { SuccessStory } from "~/capabilities/success-stories/story";
import { SuccessStoriesCarousel } from "./SuccessStoriesCarousel";

/** The home page's success stories (spec §8), titled; nothing at all when there are none. */
export function SuccessStoriesSection({ stories }: { stories: ContentResult<SuccessStory> }) {
  if (stories.ok && stories.items.length === 0) return null;
  return (
    <Section
      id="success-stories"
      eyebrow="Success stories"
      title="Merch that made a difference"
      lead="A few of the organizations we've helped thank, equip and celebrate their people."
      tone="surface"
    >
      <SuccessStoriesCarousel stories={stories} />
    </Section>
  );
}
