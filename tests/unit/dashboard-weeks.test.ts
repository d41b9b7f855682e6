import { describe, expect, it } from "vitest";
import { niceCeiling } from "~/capabilities/dashboard/BusinessChart";
import {
  WEEKS,
  acceptedShare,
  fillWeeks,
  lastTwelveWeeks,
  monthlyCents,
  recurringRevenueByWeek,
  weekOf,
} from "~/capabilities/dashboard/weeks";

const NOW = new Date("2026-11-27T17:00:00Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

describe("the dashboard's twelve weeks", () => {
  const weeks = lastTwelveWeeks(NOW);

  it("are twelve seven-day weeks back to back, the newest ending now, labelled by their last day", () => {
    expect(weeks).toHaveLength(WEEKS);
    expect(weeks[0]!.start).toEqual(ago(84));
    expect(weeks[11]!.end).toEqual(NOW);
    for (let i = 1; i < WEEKS; i++) expect(weeks[i]!.start).toEqual(weeks[i - 1]!.end);
    expect(weeks.map((w) => w.label)).toEqual([
      "Sep 11",
      "Sep 18",
      "Sep 25",
      "Oct 2",
      "Oct 9",
      "Oct 16",
      "Oct 23",
      "Oct 30",
      "Nov 6",
      "Nov 13",
      "Nov 20",
      "Nov 27",
    ]);
  });

  it("labels a week by the business's day, not UTC's (a week ending 2 a.m. UTC ends the evening before in New York)", () => {
    const late = lastTwelveWeeks(new Date("2026-11-28T02:00:00Z"));
    expect(late[11]!.label).toBe("Nov 27");
  });

  it("puts an instant in its week: the start inclusive, the end exclusive", () => {
    expect(weekOf(weeks, ago(84))).toBe(0);
    expect(weekOf(weeks, new Date(ago(84).getTime() - 1))).toBeNull();
    expect(weekOf(weeks, ago(7))).toBe(11);
    expect(weekOf(weeks, new Date(ago(7).getTime() - 1))).toBe(10);
    expect(weekOf(weeks, NOW)).toBeNull();
  });

  it("fills weeks the database returned no row for with 0 and ignores numbers outside the twelve", () => {
    expect(
      fillWeeks([
        { week: 0, n: 3 },
        { week: 11, n: 1 },
        { week: 5, n: 2 },
        { week: -1, n: 9 },
        { week: 12, n: 9 },
      ]),
    ).toEqual([3, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1]);
    // Counts may arrive as strings (bigint) from a driver.
    expect(fillWeeks([{ week: "4" as never, n: "7" as never }])[4]).toBe(7);
    expect(fillWeeks([])).toEqual(Array.from({ length: 12 }, () => 0));
  });

  it("counts a plan's monthly revenue from its first payment until it ends, annual plans as a twelfth", () => {
    const mrr = recurringRevenueByWeek(weeks, [
      { startedAt: ago(100), endedAt: null, monthlyCents: monthlyCents("annual", 83_200) },
      { startedAt: ago(20), endedAt: null, monthlyCents: monthlyCents("monthly", 4_900) },
      { startedAt: ago(60), endedAt: ago(30), monthlyCents: monthlyCents("monthly", 2_000) },
    ]);
    // $69.33 throughout; $20 in the weeks ending 56 to 35 days ago; $49 in the last three.
    expect(mrr).toEqual([
      6_933, 6_933, 6_933, 8_933, 8_933, 8_933, 8_933, 6_933, 6_933, 11_833, 11_833, 11_833,
    ]);
  });

  it("says what share of decided quotes was accepted, and nothing when none was decided", () => {
    expect(acceptedShare(2, 3)).toBe(67);
    expect(acceptedShare(0, 4)).toBe(0);
    expect(acceptedShare(5, 5)).toBe(100);
    expect(acceptedShare(0, 0)).toBeNull();
  });

  it("tops each chart's scale at 1, 2 or 5 times a power of ten", () => {
    expect([0, 1, 3, 7, 10, 11, 49, 51, 180, 123_456].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 10, 20, 50, 100, 200, 200_000,
    ]);
  });
});
