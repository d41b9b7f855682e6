import { useEffect, useRef } from "react";
import { mediaUrl } from "~/features/storage/media";
import { cn } from "~/ui/cn";
import { usePrefersReducedMotion } from "./hooks";

export const HERO_POSTER = mediaUrl("hero-poster.webp");

/**
 * The looping, muted background video of the home and bulk-orders heroes, with fallback sources.
 * The poster is the largest paint; the video starts after the page has loaded, and only when
 * motion is welcome.
 */
export function HeroVideo({ className }: { className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (reducedMotion) {
      element.pause();
      return;
    }
    const play = () => void element.play().catch(() => {});
    if (document.readyState === "complete") play();
    else window.addEventListener("load", play, { once: true });
    return () => window.removeEventListener("load", play);
  }, [reducedMotion]);

  return (
    <video
      ref={video}
      aria-hidden="true"
      className={cn("absolute inset-0 -z-20 size-full object-cover", className)}
      poster={HERO_POSTER}
      width={1280}
      height={720}
      muted
      loop
      playsInline
      preload="none"
    >
      <source src={mediaUrl("hero.webm")} type="video/webm" />
      <source src={mediaUrl("hero.mp4")} type="video/mp4" />
    </video>
  );
}
