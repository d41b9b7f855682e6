import { initials } from "~/platform/lib/initials";
import { Alert } from "~/platform/ui/Field";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { Carousel } from "~/platform/ui/Carousel";
import type { ContentResult } from "~/platform/content/content";
import type { SuccessStory } from "~/capabilities/success-stories/story";

function StoryCard({ story }: { story: SuccessStory }) {
  const placeholder = (
    <div
      aria-hidden="true"
      className="flex aspect-[16/9] items-center justify-center bg-linear-to-br from-brand-700 to-brand-900 text-3xl font-extrabold text-white/90"
    >
      {initials(story.companyName)}
    </div>
  );
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-white shadow-card">
      <ImageWithFallback
        src={story.imageUrl ?? undefined}
        srcSet={story.image?.srcset}
        sizes={
          story.image ? "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" : undefined
        }
        alt={story.image?.alt ?? ""}
        width={story.image?.width ?? 640}
        height={story.image?.height ?? 360}
        loading="lazy"
        decoding="async"
        className="aspect-[16/9] w-full bg-brand-50 object-cover"
        fallback={placeholder}
      />
      <div className="flex flex-1 flex-col p-6">
        <p className="text-sm font-semibold text-accent-700">{story.companyName}</p>
        <h3 className="mt-1 text-lg font-bold text-ink">{story.title}</h3>
        <p className="mt-3 flex-1 text-[0.9375rem] leading-7 text-ink-muted">{story.description}</p>
        {story.linkUrl ? (
          <a
            href={story.linkUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-5 inline-flex items-center gap-1 self-start rounded-sm font-semibold text-accent-700 underline-offset-4 hover:underline"
          >
            {story.linkText || `Visit ${story.companyName}`}
            <span aria-hidden="true">→</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}

/** Spec §8: 'Failed to load success stories'; nothing at all when there are none. */
export function SuccessStoriesCarousel({ stories }: { stories: ContentResult<SuccessStory> }) {
  if (!stories.ok) return <Alert tone="error">Failed to load success stories</Alert>;
  if (stories.items.length === 0) return null;
  return (
    <Carousel
      items={stories.items}
      label="Client success stories"
      itemName="story"
      renderItem={(story) => <StoryCard story={story} />}
    />
  );
}
