import { describe, expect, it } from "vitest";
import {
  addDays,
  businessToday,
  depositOf,
  isCalendarDay,
  isPastValidUntil,
  parseDollars,
  totalOf,
} from "~/capabilities/quotes/final-price";

describe("the company's final price", () => {
  it.each([
    ["125", 12_500],
    ["125.5", 12_550],
    ["125.05", 12_505],
    ["$1,250.00", 125_000],
    [" 0 ", 0],
    ["1000000", 100_000_000],
  ])("reads %j dollars as %i cents", (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(["", "abc", "12.345", "1e3", "-5", "1000000.01", "12.", ".5", "0x10"])(
    "refuses %j as a line price",
    (text) => {
      expect(parseDollars(text)).toBeNull();
    },
  );

  it("takes a negative amount (a discount) only where it is allowed", () => {
    expect(parseDollars("-20", { negative: true })).toBe(-2_000);
    expect(parseDollars("-$20.50", { negative: true })).toBe(-2_050);
    expect(parseDollars("-20")).toBeNull();
  });

  it("adds the lines and takes the deposit's percentage rounded half up to the cent", () => {
    expect(
      totalOf([{ amountCents: 50_000 }, { amountCents: 7_500 }, { amountCents: -1_000 }]),
    ).toBe(56_500);
    expect(depositOf(57_500, 50)).toBe(28_750);
    expect(depositOf(10_001, 50)).toBe(5_001); // 5,000.5 cents rounds up
    expect(depositOf(9_999, 33)).toBe(3_300); // 3,299.67
    expect(depositOf(12_345, 100)).toBe(12_345);
  });

  it("counts valid-until in the business's calendar: a quote is good through its last day", () => {
    // 03:30 UTC on Dec 1 is still Nov 30 in New York.
    expect(businessToday(new Date("2026-12-01T03:30:00Z"))).toBe("2026-11-30");
    expect(isPastValidUntil("2026-11-30", "2026-11-30")).toBe(false);
    expect(isPastValidUntil("2026-11-29", "2026-11-30")).toBe(true);
    expect(isPastValidUntil(null, "2026-11-30")).toBe(false);
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-2-1")).toBe(false);
  });
});
