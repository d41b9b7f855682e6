import { Section } from "~/platform/ui/Section";
import { Icon } from "./icons";
import { relativeDate } from "./relative-date";
import { testimonials } from "./testimonials";
import { useSiteSettings } from "~/platform/settings/useSiteSettings";

function Stars({ rating }: { rating: number }) {
  return (
    <div
      className="flex gap-0.5 text-accent-600"
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {Array.from({ length: rating }, (_, i) => (
        <svg key={i} aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M10 1.5 12.6 7l6 .6-4.5 4 1.3 5.9L10 14.5l-5.4 3 1.3-5.9-4.5-4 6-.6Z" />
        </svg>
      ))}
    </div>
  );
}

/** Spec §2: 'Trusted by organizations of all sizes'. `now` comes from the loader, so server and browser agree. */
export function Testimonials({ now }: { now: number }) {
  const settings = useSiteSettings();
  return (
    <Section
      id="testimonials"
      eyebrow="Reviews"
      title="Trusted by organizations of all sizes"
      lead="Hospitals, school districts, manufacturers and startups count on us for merch their people actually want."
      tone="surface"
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((review) => (
          <li key={review.id}>
            <figure className="flex h-full flex-col rounded-card border border-line bg-white p-7 shadow-card">
              <Stars rating={review.rating} />
              <blockquote className="mt-4 flex-1 leading-7 text-ink">“{review.text}”</blockquote>
              <figcaption className="mt-6 border-t border-line pt-4">
                <p className="font-semibold text-ink">{review.author}</p>
                <p className="text-sm text-ink-muted">{review.company}</p>
                <p className="mt-1 text-sm text-ink-muted">
                  <time dateTime={review.date}>
                    {relativeDate(new Date(review.date), new Date(now))}
                  </time>
                </p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center">
        <a
          href={settings.reviewsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-sm font-semibold text-accent-700 underline-offset-4 hover:underline"
        >
          <Icon name="star" className="size-5" />
          5-Stars on Google Reviews
        </a>
      </p>
    </Section>
  );
}
