import { describe, expect, it } from "vitest";
import {
  BUSINESS_TIME_ZONE,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatDateTime24,
  formatTime24,
} from "~/platform/lib/dates";

// Instants around the business's daylight-saving changes and a UTC midnight.
const instants = [
  "2026-03-08T06:59:59Z",
  "2026-03-08T07:00:00Z",
  "2026-11-01T05:30:07Z",
  "2026-11-24T04:59:00Z",
  "2026-12-31T23:59:59Z",
];

describe("dates for people to read", () => {
  it("reads as the runtime's own formatting in the business's time zone", () => {
    const zone = { timeZone: BUSINESS_TIME_ZONE };
    for (const iso of instants) {
      const date = new Date(iso);
      expect(formatDate(iso)).toBe(
        date.toLocaleDateString("en-US", {
          year: "numeric",
          month: "short",
          day: "numeric",
          ...zone,
        }),
      );
      expect(formatDateTime(date, { seconds: true })).toBe(
        date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium", ...zone }),
      );
      expect(formatTime24(date)).toBe(
        date.toLocaleTimeString("en-US", {
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
          ...zone,
        }),
      );
    }
  });

  it("gives the exact texts the screens show", () => {
    expect(formatDate("2026-11-24T04:59:00Z")).toBe("Nov 23, 2026");
    expect(formatDateTime("2026-11-23T19:33:07Z")).toBe("Nov 23, 2026, 2:33 PM");
    expect(formatDateTime("2026-11-23T19:33:07Z", { seconds: true })).toBe(
      "Nov 23, 2026, 2:33:07 PM",
    );
    expect(formatDateTime24("2026-11-23T19:05:00Z")).toBe("Nov 23, 2026, 14:05");
    expect(formatTime24("2026-11-23T05:05:00Z")).toBe("00:05");
  });

  it("shows a calendar date as its own day in every zone", () => {
    expect(formatCalendarDate("2026-11-23")).toBe("Nov 23, 2026");
    expect(formatCalendarDate("2026-11-23", { long: true })).toBe("November 23, 2026");
    expect(formatCalendarDate(new Date("2026-01-01T00:00:00Z"))).toBe("Jan 1, 2026");
  });

  it("says an unreadable date is invalid instead of throwing", () => {
    expect(formatDate("not a date")).toBe("Invalid Date");
    expect(formatCalendarDate("2026-13-45")).toBe("Invalid Date");
    expect(formatDateTime("")).toBe("Invalid Date");
  });
});
