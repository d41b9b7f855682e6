import { type ReactNode, useState } from "react";
import { cn } from "~/platform/ui/cn";
import {
  MOBILE_BREAKPOINT_PX,
  hasCarouselControls,
  visibleIndexes,
  wrapIndex,
} from "~/platform/ui/carousel";
import { useMediaQuery } from "~/platform/ui/hooks";
import { CarouselArrow } from "./CarouselArrow";

/**
 * Spec §4: 3 items from 768 px, 1 below; wraps around; arrows and dots only when there are more
 * items than shown.
 */
export function Carousel<T extends { id: string }>({
  items,
  label,
  itemName,
  renderItem,
}: {
  items: T[];
  /** Names the carousel region, e.g. "Client success stories". */
  label: string;
  /** Names one item in the controls' labels, e.g. "story". */
  itemName: string;
  renderItem: (item: T) => ReactNode;
}) {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`, true);
  const perView = wide ? 3 : 1;
  const [start, setStart] = useState(0);
  const controls = hasCarouselControls(items.length, perView);
  const shown = visibleIndexes(controls ? start : 0, items.length, perView)
    .map((index) => items[index])
    .filter((item): item is T => item !== undefined);
  const move = (step: number) => setStart((current) => wrapIndex(current, step, items.length));

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label}>
      <div className="flex items-center gap-2 sm:gap-4">
        {controls && (
          <CarouselArrow
            direction="previous"
            label={`Previous ${itemName}`}
            onClick={() => move(-1)}
          />
        )}
        <ul
          aria-live="polite"
          className={cn("grid flex-1 gap-6", perView === 3 ? "grid-cols-3" : "grid-cols-1")}
        >
          {shown.map((item) => (
            <li key={item.id} aria-roledescription="slide">
              {renderItem(item)}
            </li>
          ))}
        </ul>
        {controls && (
          <CarouselArrow direction="next" label={`Next ${itemName}`} onClick={() => move(1)} />
        )}
      </div>
      {controls && (
        <div className="mt-8 flex justify-center gap-1">
          {items.map((item, index) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Show ${itemName} ${index + 1} of ${items.length}`}
              aria-current={index === start ? "true" : undefined}
              onClick={() => setStart(index)}
              className="group inline-flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  "size-2.5 rounded-full transition-colors",
                  index === start ? "bg-accent-700" : "bg-brand-300 group-hover:bg-brand-400",
                )}
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
