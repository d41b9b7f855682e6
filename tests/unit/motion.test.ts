import { describe, expect, it } from "vitest";
import { confettiPieces } from "~/capabilities/marketing/confetti";
import {
  entryProgress,
  sectionProgress,
  shouldFireConfetti,
  shouldShake,
  showScrollToTop,
  slideInFrame,
  splitHeroFrame,
  stickyProgress,
} from "~/platform/ui/motion";

describe("the split hero's scroll math", () => {
  it("starts with both images off screen and the overlay fully visible", () => {
    expect(splitHeroFrame(0)).toEqual({
      leftOffsetPercent: -100,
      rightOffsetPercent: 100,
      overlayOpacity: 1,
    });
  });

  it("moves the images by r·100 % and fades the overlay as max(0, 1-1.2·r)", () => {
    const frame = splitHeroFrame(0.5);
    expect(frame.leftOffsetPercent).toBe(-50);
    expect(frame.rightOffsetPercent).toBe(50);
    expect(frame.overlayOpacity).toBeCloseTo(0.4);
  });

  it("hides the overlay from r = 1/1.2 on and never lets it go negative", () => {
    expect(splitHeroFrame(0.9).overlayOpacity).toBe(0);
    expect(splitHeroFrame(1)).toEqual({
      leftOffsetPercent: 0,
      rightOffsetPercent: 0,
      overlayOpacity: 0,
    });
  });

  it("clamps progress outside 0..1", () => {
    expect(splitHeroFrame(-0.5)).toEqual(splitHeroFrame(0));
    expect(splitHeroFrame(3)).toEqual(splitHeroFrame(1));
  });
});

describe("section progress", () => {
  it("is 0 until the section's top reaches the bottom of the viewport", () => {
    expect(sectionProgress(900, 400, 900)).toBe(0);
    expect(sectionProgress(1400, 400, 900)).toBe(0);
  });

  it("grows as the section scrolls in and is 1 once its bottom is in view", () => {
    expect(sectionProgress(700, 400, 900)).toBe(0.5);
    expect(sectionProgress(500, 400, 900)).toBe(1);
    expect(sectionProgress(-200, 400, 900)).toBe(1);
  });

  it("completes an element's arrival after half a viewport, or its own height if shorter", () => {
    expect(entryProgress(900, 1200, 900)).toBe(0);
    expect(entryProgress(675, 1200, 900)).toBe(0.5);
    expect(entryProgress(450, 1200, 900)).toBe(1);
    expect(entryProgress(700, 200, 900)).toBe(1);
  });

  it("measures a sticky container by how far it has scrolled past the top", () => {
    expect(stickyProgress(0, 1800, 900)).toBe(0);
    expect(stickyProgress(-450, 1800, 900)).toBe(0.5);
    expect(stickyProgress(-2000, 1800, 900)).toBe(1);
  });
});

describe("service cards", () => {
  it("slide in from their own side and fade in", () => {
    expect(slideInFrame(0, "left")).toEqual({ offsetPercent: -40, opacity: 0 });
    expect(slideInFrame(0, "right")).toEqual({ offsetPercent: 40, opacity: 0 });
    expect(slideInFrame(1, "left")).toEqual({ offsetPercent: -0, opacity: 1 });
  });

  it("shake once, at progress 0.95 or more", () => {
    expect(shouldShake(0.94, false)).toBe(false);
    expect(shouldShake(0.95, false)).toBe(true);
    expect(shouldShake(1, true)).toBe(false);
  });
});

describe("confetti", () => {
  it("fires once, only when the section's progress reaches 1", () => {
    expect(shouldFireConfetti(0.99, false)).toBe(false);
    expect(shouldFireConfetti(1, false)).toBe(true);
    expect(shouldFireConfetti(1, true)).toBe(false);
  });

  it("bursts 30 icons, the same on the server and in the browser", () => {
    expect(confettiPieces()).toHaveLength(30);
    expect(confettiPieces()).toEqual(confettiPieces());
  });
});

describe("the scroll-to-top indicator", () => {
  it("turns on only past 500 px", () => {
    expect(showScrollToTop(0)).toBe(false);
    expect(showScrollToTop(500)).toBe(false);
    expect(showScrollToTop(501)).toBe(true);
  });
});
