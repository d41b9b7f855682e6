import { describe, expect, it } from "vitest";
import {
  hasCarouselControls,
  itemsPerView,
  visibleIndexes,
  wrapIndex,
} from "~/platform/ui/carousel";

describe("the success-story carousel", () => {
  it("shows 3 items from 768 px and 1 below", () => {
    expect(itemsPerView(1280)).toBe(3);
    expect(itemsPerView(768)).toBe(3);
    expect(itemsPerView(767)).toBe(1);
    expect(itemsPerView(390)).toBe(1);
  });

  it("shows arrows and dots only with more items than fit", () => {
    expect(hasCarouselControls(3, 3)).toBe(false);
    expect(hasCarouselControls(4, 3)).toBe(true);
    expect(hasCarouselControls(1, 1)).toBe(false);
    expect(hasCarouselControls(2, 1)).toBe(true);
    expect(hasCarouselControls(0, 1)).toBe(false);
  });

  it("wraps around in both directions", () => {
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(1, 1, 4)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it("fills the view past the last item with the first ones", () => {
    expect(visibleIndexes(0, 4, 3)).toEqual([0, 1, 2]);
    expect(visibleIndexes(3, 4, 3)).toEqual([3, 0, 1]);
    expect(visibleIndexes(0, 2, 3)).toEqual([0, 1]);
    expect(visibleIndexes(2, 4, 1)).toEqual([2]);
  });
});
