// @chunk shell
/**
 * Money, for people to read: "$420" for whole dollars (as the spec writes prices: "from $180 per
 * year"), "$69.33" otherwise; `{ cents: true }` always shows cents, for a column of prices read
 * side by side ("$12.00", "$12.50"). The one formatter for the public site, emails and the admin.
 * Amounts are integer cents everywhere else. No dependencies: it is in every page's bundle.
 */
export function formatUsd(cents: number, options: { cents?: boolean } = {}) {
  return (options.cents || cents % 100 !== 0 ? withCents : wholeDollars).format(cents / 100);
}

// Made once: toLocaleString builds a formatter per call, and a search page formats hundreds.
const usd = (digits: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const wholeDollars = usd(0);
const withCents = usd(2);

/** A catalogue price in dollars (as the suppliers send it) as integer cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

/**
 * "420.00" for a cents value: what a dollar input (number, step 0.01) shows, and what machines
 * read (CSV exports, schema.org prices).
 */
export function centsToDecimal(cents: number) {
  return (cents / 100).toFixed(2);
}
