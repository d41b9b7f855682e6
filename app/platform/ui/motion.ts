/** Scroll-driven motion rules of the marketing pages (spec §2, §9). Pure, so they are unit-tested. */

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * How far a section has travelled through the viewport: 0 when its top reaches the bottom edge,
 * 1 when its bottom reaches the bottom edge (fully scrolled into view).
 */
export function sectionProgress(top: number, height: number, viewportHeight: number) {
  if (height <= 0) return top < viewportHeight ? 1 : 0;
  return clamp01((viewportHeight - top) / height);
}

/**
 * Progress of an element scrolling into view, complete once it has risen half a viewport (or its
 * own height, if shorter) above the bottom edge: a tall card on a phone finishes arriving while
 * it is being read, not only once its last line is on screen.
 */
export function entryProgress(top: number, height: number, viewportHeight: number) {
  return sectionProgress(top, Math.min(height, viewportHeight / 2), viewportHeight);
}

/**
 * The parallax split hero: at progress r the left image is offset -100+r·100 %, the right
 * 100-r·100 %, and the overlay gradient fades as max(0, 1-1.2·r).
 */
export function splitHeroFrame(r: number) {
  const progress = clamp01(r);
  return {
    leftOffsetPercent: -100 + progress * 100,
    rightOffsetPercent: 100 - progress * 100,
    overlayOpacity: Math.max(0, 1 - 1.2 * progress),
  };
}

/** Spec §2: a service card shakes once when its progress reaches 0.95. */
export const SHAKE_THRESHOLD = 0.95;
/** Spec §9: the shake lasts 1.2 s. */
export const SHAKE_DURATION_MS = 1200;

export const shouldShake = (progress: number, alreadyShaken: boolean) =>
  !alreadyShaken && progress >= SHAKE_THRESHOLD;

/** The service cards slide in from their side and fade in as the section scrolls into view. */
export function slideInFrame(progress: number, from: "left" | "right") {
  const p = clamp01(progress);
  const distance = (1 - p) * 40;
  return { offsetPercent: from === "left" ? -distance : distance, opacity: p };
}

/** Spec §2: the confetti section fires once, when its progress reaches 1. */
export const shouldFireConfetti = (progress: number, alreadyFired: boolean) =>
  !alreadyFired && progress >= 1;

/** Spec §9: the scroll-to-top indicator turns on past 500 px. */
export const SCROLL_TOP_THRESHOLD_PX = 500;
export const showScrollToTop = (scrollY: number) => scrollY > SCROLL_TOP_THRESHOLD_PX;

/**
 * Progress through a tall scroll container whose content sticks to the viewport: 0 while its top
 * is at or below the viewport's top, 1 once it has scrolled by its height minus the viewport's.
 */
export function stickyProgress(top: number, height: number, viewportHeight: number) {
  const distance = height - viewportHeight;
  if (distance <= 0) return top < 0 ? 1 : 0;
  return clamp01(-top / distance);
}
