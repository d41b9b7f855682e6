import { type CSSProperties, useEffect, useState } from "react";
import { ImageWithFallback } from "~/platform/ui/ImageWithFallback";
import { cn } from "~/platform/ui/cn";
import { BRAND_AUTOPLAY_MS } from "~/platform/ui/carousel";
import { usePrefersReducedMotion } from "~/platform/ui/hooks";
import type { BrandLogo } from "~/capabilities/brand-logos/logo";

/** The most logos visible at once (wide screens); that many are repeated so the loop is seamless. */
const MAX_PER_VIEW = 5;

/**
 * Spec §4: the brand carousel loops, advances every 3 s and pauses while hovered (and, for
 * keyboard users, while focused). With reduced motion it stays still.
 */
export function BrandCarousel({ brands }: { brands: BrandLogo[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [animate, setAnimate] = useState(true);
  const reducedMotion = usePrefersReducedMotion();
  const count = brands.length;
  const loops = count > 1;

  useEffect(() => {
    if (!loops || paused || reducedMotion) return;
    const timer = window.setInterval(() => {
      setAnimate(true);
      setIndex((current) => current + 1);
    }, BRAND_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [loops, paused, reducedMotion]);

  // After sliding onto the repeated copy of the first logo, jump back to the real one unseen.
  const onTransitionEnd = () => {
    if (index >= count) {
      setAnimate(false);
      setIndex(0);
    }
  };

  const track = loops ? [...brands, ...brands.slice(0, MAX_PER_VIEW)] : brands;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Brands we source"
      className="overflow-hidden [--per-view:2] sm:[--per-view:3] lg:[--per-view:5]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        className={cn(
          "flex translate-x-[calc(-100%/var(--per-view)*var(--index))]",
          animate && "transition-transform duration-700 ease-in-out",
        )}
        style={{ "--index": index } as CSSProperties}
        onTransitionEnd={onTransitionEnd}
      >
        {track.map((brand, position) => (
          <li
            key={`${brand.name}-${position}`}
            aria-hidden={position >= count ? true : undefined}
            className="flex shrink-0 basis-[calc(100%/var(--per-view))] justify-center px-3"
          >
            <div className="flex h-24 w-full items-center justify-center rounded-card border border-line bg-white px-5 shadow-card">
              <ImageWithFallback
                src={brand.logoUrl ?? undefined}
                srcSet={brand.image?.srcset}
                sizes={brand.image ? "160px" : undefined}
                alt={brand.image?.alt || brand.name}
                width={brand.image?.width ?? 160}
                height={brand.image?.height ?? 48}
                loading="lazy"
                decoding="async"
                className="h-12 w-auto max-w-full object-contain"
                fallback={<span className="text-lg font-bold text-ink">{brand.name}</span>}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
