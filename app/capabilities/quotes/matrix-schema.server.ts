import { z } from "zod";
import { MAX_INK_COLOURS, type PriceMatrix } from "./matrix";

// What a stored or submitted price matrix must be: whole cents and quantities, tiers in ascending
// order, a price for every column. Read back from the database through this too, so a hand-edited
// row cannot put a NaN into a price.

const cents = z.number().int().min(0).max(10_000_000);
const quantity = z.number().int().min(1).max(1_000_000);

function ascending<P>(tiers: { minQuantity: number; prices: P }[]) {
  return tiers.every((t, i) => i === 0 || t.minQuantity > tiers[i - 1]!.minQuantity);
}
const ASCENDING = "Quantity tiers must start at increasing quantities.";

export const priceMatrixSchema: z.ZodType<PriceMatrix> = z
  .object({
    screenPrint: z.object({
      tiers: z
        .array(z.object({ minQuantity: quantity, prices: z.array(cents).length(MAX_INK_COLOURS) }))
        .min(1)
        .max(20)
        .refine(ascending, ASCENDING),
      screenFeeCents: cents,
      minimumQuantity: quantity,
    }),
    embroidery: z.object({
      stitchTiers: z
        .array(z.object({ label: z.string().trim().min(1).max(60), maxStitches: quantity }))
        .min(1)
        .max(6),
      tiers: z
        .array(z.object({ minQuantity: quantity, prices: z.array(cents).min(1).max(6) }))
        .min(1)
        .max(20)
        .refine(ascending, ASCENDING),
      digitizingFeeCents: cents,
      minimumQuantity: quantity,
    }),
    digitalPrint: z.object({
      tiers: z
        .array(z.object({ minQuantity: quantity, prices: cents }))
        .min(1)
        .max(20)
        .refine(ascending, ASCENDING),
      setupFeeCents: cents,
      minimumQuantity: quantity,
    }),
    garmentMarkup: z.object({
      defaultPercent: z.number().int().min(0).max(1_000),
      categories: z
        .array(
          z.object({
            category: z.string().trim().min(1).max(80),
            percent: z.number().int().min(0).max(1_000),
          }),
        )
        .max(100),
    }),
    sizeUpcharges: z.array(z.object({ size: z.string().trim().min(1).max(20), cents })).max(30),
    depositPercent: z.number().int().min(0).max(100),
  })
  .refine(
    (m) => m.embroidery.tiers.every((t) => t.prices.length === m.embroidery.stitchTiers.length),
    "Every embroidery tier needs a price for each stitch tier.",
  );
