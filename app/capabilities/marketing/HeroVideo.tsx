import { useEffect, useRef } from "react";
import { mediaUrl } from "~/platform/storage/media";
import { cn } from "~/platform/ui/cn";

export const HERO_POSTER = mediaUrl("hero-poster.webp");
/**
 * The poster's centre (all of it a portrait screen shows under `object-cover`) at 540 × 960: no
 * smaller than a phone shows it, so it stays the largest paint when the video's first frame comes.
 */
export const HERO_POSTER_PORTRAIT = mediaUrl("hero-poster-portrait.webp");
const PORTRAIT = "(orientation: portrait)";

/** Preload links for the poster that the viewport will show (it is the largest paint). */
export const heroPosterPreloads = () => [
  {
    rel: "preload",
    as: "image",
    href: HERO_POSTER_PORTRAIT,
    media: PORTRAIT,
    fetchPriority: "high",
  },
  {
    rel: "preload",
    as: "image",
    href: HERO_POSTER,
    media: "(orientation: landscape)",
    fetchPriority: "high",
  },
];

/**
 * The looping, muted background video of the home and bulk-orders heroes, with fallback sources.
 * The poster is the largest paint; the video starts after the page has loaded, and only when
 * motion is welcome.
 */
export function HeroVideo({ className }: { className?: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // matchMedia directly rather than the motion hooks, which are not part of the first load.
    const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
    const play = () => void element.play().catch(() => {});
    const update = () => {
      if (reducedMotion.matches) element.pause();
      else if (document.readyState === "complete") play();
      else window.addEventListener("load", play, { once: true });
    };
    update();
    reducedMotion.addEventListener("change", update);
    return () => {
      reducedMotion.removeEventListener("change", update);
      window.removeEventListener("load", play);
    };
  }, []);

  return (
    <>
      {/* The poster, under the video: a phone in portrait gets the centre crop. */}
      <picture>
        <source media={PORTRAIT} srcSet={HERO_POSTER_PORTRAIT} width={540} height={960} />
        <img
          src={HERO_POSTER}
          alt=""
          width={1280}
          height={720}
          fetchPriority="high"
          className={cn("absolute inset-0 -z-20 size-full object-cover", className)}
        />
      </picture>
      <video
        ref={video}
        aria-hidden="true"
        className={cn("absolute inset-0 -z-20 size-full object-cover", className)}
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
    </>
  );
}
