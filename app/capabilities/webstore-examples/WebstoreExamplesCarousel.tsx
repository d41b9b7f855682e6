import { useEffect } from "react";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { toast } from "~/platform/ui/toast";
import { Carousel } from "~/platform/ui/Carousel";
import { initials } from "~/platform/lib/initials";
import type { ContentResult } from "~/platform/content/content";
import type { WebstoreExample } from "~/capabilities/webstore-examples/example";

function ExampleCard({ example }: { example: WebstoreExample }) {
  return (
    <article className="flex h-full flex-col rounded-card border border-line bg-white p-6 shadow-card">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        {example.headerText}
      </p>
      <div className="mt-4 flex items-center gap-4">
        <ImageWithFallback
          src={example.logoUrl}
          srcSet={example.image?.srcset}
          sizes={example.image ? "56px" : undefined}
          alt={example.image?.alt || `${example.companyName} logo`}
          width={example.image?.width ?? 56}
          height={example.image?.height ?? 56}
          loading="lazy"
          decoding="async"
          className="size-14 rounded-control object-contain"
          fallback={
            <span
              role="img"
              aria-label={`${example.companyName} logo`}
              className="flex size-14 items-center justify-center rounded-control bg-brand-100 text-lg font-bold text-brand-800"
            >
              {initials(example.companyName)}
            </span>
          }
        />
        <h3 className="min-w-0 text-lg font-bold wrap-anywhere text-ink">{example.companyName}</h3>
      </div>
      <p className="mt-4 flex-1 text-[0.9375rem] leading-7 text-ink-muted">{example.description}</p>
      <a
        href={example.webstoreUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-5 inline-flex items-center gap-1 self-start rounded-sm font-semibold text-accent-700 underline-offset-4 hover:underline"
      >
        Visit the store<span className="sr-only"> of {example.companyName}</span>
        <span aria-hidden="true">→</span>
      </a>
    </article>
  );
}

/** Spec §8: a failed read shows the toast 'Failed to load webstore examples'. */
export function WebstoreExamplesCarousel({
  examples,
}: {
  examples: ContentResult<WebstoreExample>;
}) {
  useEffect(() => {
    if (!examples.ok) toast({ title: "Failed to load webstore examples", variant: "destructive" });
  }, [examples.ok]);
  if (examples.items.length === 0) return null;
  return (
    <Carousel
      items={examples.items}
      label="Client webstores"
      itemName="webstore"
      renderItem={(example) => <ExampleCard example={example} />}
    />
  );
}
