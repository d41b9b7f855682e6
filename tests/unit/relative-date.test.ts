import { describe, expect, it } from "vitest";
import { relativeDate } from "~/capabilities/marketing/relative-date";

const now = new Date("2026-11-22T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

describe("relative review dates", () => {
  it.each([
    [0, "today"],
    [1, "1 day ago"],
    [6, "6 days ago"],
    [14, "2 weeks ago"],
    [65, "2 months ago"],
    [364, "12 months ago"],
    [800, "2 years ago"],
  ])("%i days before now reads '%s'", (days, expected) => {
    expect(relativeDate(daysAgo(days), now)).toBe(expected);
  });
});
