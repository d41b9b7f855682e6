// @chunk plans
import { z } from "zod";

/**
 * Money, for people to read: "$420" for whole dollars (as the spec writes prices: "from $180 per
 * year"), "$69.33" otherwise. The one formatter for the public site, emails and the admin.
 * Amounts are integer cents everywhere else.
 */
export function formatUsd(cents: number) {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}

/** "420.00" for a cents value, as a dollar input (number, step 0.01) shows it. */
export function centsToDollarInput(cents: number) {
  return (cents / 100).toFixed(2);
}

/**
 * A dollar amount typed into an input with min 0 and step 0.01, as integer cents. Parsed from
 * the text, not through floating point, so "19.99" is exactly 1999.
 */
export function dollarsField(message: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, message)
    .transform((value) => {
      const [whole, fraction = ""] = value.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    });
}
