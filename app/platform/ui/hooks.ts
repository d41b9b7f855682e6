import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";
import { entryProgress, sectionProgress, stickyProgress } from "./motion";

/** Whether a media query matches; `serverValue` is used for the server render and hydration. */
export function useMediaQuery(query: string, serverValue = false) {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export const usePrefersReducedMotion = () => useMediaQuery("(prefers-reduced-motion: reduce)");

/**
 * The element's scroll progress through the viewport (see `sectionProgress`), updated once per
 * frame while scrolling; null until first measured (on the server and before hydration).
 */
export function useScrollProgress(ref: RefObject<HTMLElement | null>) {
  return useMeasuredProgress(ref, sectionProgress);
}

function useMeasuredProgress(
  ref: RefObject<HTMLElement | null>,
  progressOf: (top: number, height: number, viewportHeight: number) => number,
) {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = ref.current;
      if (!element) return;
      const rect = element.getBoundingClientRect();
      setProgress(progressOf(rect.top, rect.height, window.innerHeight));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
  }, [ref, progressOf]);
  return progress;
}

/** The page's vertical scroll position, updated once per frame. */
export function useScrollY() {
  const [scrollY, setScrollY] = useState(0);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrollY(window.scrollY);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
    };
  }, []);
  return scrollY;
}

/** How far the element has arrived into view (see `entryProgress`); null until measured. */
export function useEntryProgress(ref: RefObject<HTMLElement | null>) {
  return useMeasuredProgress(ref, entryProgress);
}

/** Progress through a tall container whose child sticks (see `stickyProgress`); null until measured. */
export function useStickyProgress(ref: RefObject<HTMLElement | null>) {
  return useMeasuredProgress(ref, stickyProgress);
}
