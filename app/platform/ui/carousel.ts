/** Carousel rules (spec §4, §9). Pure, so they are unit-tested. */

/** Spec §9: the mobile breakpoint. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Spec §9: the brand carousel advances every 3 s. */
export const BRAND_AUTOPLAY_MS = 3000;

/** The success-story carousel shows 3 items from 768 px up and 1 below. */
export const itemsPerView = (viewportWidth: number) =>
  viewportWidth >= MOBILE_BREAKPOINT_PX ? 3 : 1;

/** Arrows and dots appear only when there are more items than fit. */
export const hasCarouselControls = (itemCount: number, perView: number) => itemCount > perView;

/** The index after moving `step` from `index`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, itemCount: number) {
  if (itemCount <= 0) return 0;
  return (((index + step) % itemCount) + itemCount) % itemCount;
}

/** The indexes shown when the carousel starts at `start`, wrapping past the last item. */
export function visibleIndexes(start: number, itemCount: number, perView: number) {
  const shown = Math.min(perView, itemCount);
  return Array.from({ length: shown }, (_, i) => wrapIndex(start, i, itemCount));
}
