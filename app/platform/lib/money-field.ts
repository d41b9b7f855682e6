import { z } from "zod";

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
