const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 60 * 60 * 1000],
  ["month", 30 * 24 * 60 * 60 * 1000],
  ["week", 7 * 24 * 60 * 60 * 1000],
  ["day", 24 * 60 * 60 * 1000],
];

const formatter = new Intl.RelativeTimeFormat("en-US", { numeric: "always" });

/** "2 months ago", "1 week ago", "today": how long ago `date` was, as of `now`. */
export function relativeDate(date: Date, now: Date) {
  const elapsed = now.getTime() - date.getTime();
  for (const [unit, ms] of units) {
    if (Math.abs(elapsed) >= ms) return formatter.format(-Math.floor(elapsed / ms), unit);
  }
  return "today";
}
