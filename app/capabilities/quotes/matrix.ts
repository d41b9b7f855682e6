// The price matrix: what the company charges for garments, decoration and set-up, as print shops
// write it (quantity tiers down the side, ink colours or stitch counts across). Integer cents.
// Pure: the browser prices with the same table the server does.

export const DECORATION_METHODS = ["screen_print", "embroidery", "digital_print"] as const;
export type DecorationMethod = (typeof DECORATION_METHODS)[number];

export const METHOD_LABELS: Record<DecorationMethod, string> = {
  screen_print: "Screen print",
  embroidery: "Embroidery",
  digital_print: "Digital print",
};

export const DECORATION_LOCATIONS = [
  "front",
  "back",
  "left_chest",
  "right_chest",
  "sleeve",
] as const;
export type DecorationLocation = (typeof DECORATION_LOCATIONS)[number];

export const LOCATION_LABELS: Record<DecorationLocation, string> = {
  front: "Front",
  back: "Back",
  left_chest: "Left chest",
  right_chest: "Right chest",
  sleeve: "Sleeve",
};

/** Screen print: 1 to 6 ink colours a location. */
export const MAX_INK_COLOURS = 6;

export interface QuantityTier<Price> {
  /** The first quantity the row applies to; rows are in ascending order, the first is 1 or the minimum. */
  minQuantity: number;
  prices: Price;
}

export interface PriceMatrix {
  screenPrint: {
    /** prices[i] is the price a piece for i + 1 ink colours in one location. */
    tiers: QuantityTier<number[]>[];
    /** One screen per colour per location. */
    screenFeeCents: number;
    minimumQuantity: number;
  };
  embroidery: {
    /** Stitch-count tiers across, e.g. "up to 5,000 stitches". */
    stitchTiers: { label: string; maxStitches: number }[];
    /** prices[i] is the price a piece for stitchTiers[i] in one location. */
    tiers: QuantityTier<number[]>[];
    /** Digitising, once a location. */
    digitizingFeeCents: number;
    minimumQuantity: number;
  };
  digitalPrint: {
    tiers: QuantityTier<number>[];
    /** Set-up, once a location. */
    setupFeeCents: number;
    minimumQuantity: number;
  };
  /** Supplier cost × (100 + percent) / 100, by the product's category; defaultPercent for the rest. */
  garmentMarkup: { defaultPercent: number; categories: { category: string; percent: number }[] };
  /** Added to the garment's price a piece for the larger sizes ("2XL" and up). */
  sizeUpcharges: { size: string; cents: number }[];
  /** Share of a sent quote's total the buyer pays to accept it. */
  depositPercent: number;
}

/** Plausible defaults for a small print shop, 2026 prices. */
export const DEFAULT_PRICE_MATRIX: PriceMatrix = {
  screenPrint: {
    tiers: [
      { minQuantity: 24, prices: [300, 375, 450, 525, 600, 675] },
      { minQuantity: 48, prices: [225, 285, 345, 405, 465, 525] },
      { minQuantity: 72, prices: [185, 235, 285, 335, 385, 435] },
      { minQuantity: 144, prices: [150, 190, 230, 270, 310, 350] },
      { minQuantity: 288, prices: [120, 150, 180, 210, 240, 270] },
      { minQuantity: 500, prices: [95, 120, 145, 170, 195, 220] },
      { minQuantity: 1000, prices: [75, 95, 115, 135, 155, 175] },
    ],
    screenFeeCents: 2_500,
    minimumQuantity: 24,
  },
  embroidery: {
    stitchTiers: [
      { label: "Up to 5,000 stitches", maxStitches: 5_000 },
      { label: "5,001–10,000 stitches", maxStitches: 10_000 },
      { label: "10,001–15,000 stitches", maxStitches: 15_000 },
    ],
    tiers: [
      { minQuantity: 12, prices: [650, 850, 1_050] },
      { minQuantity: 24, prices: [550, 725, 900] },
      { minQuantity: 48, prices: [475, 625, 775] },
      { minQuantity: 144, prices: [400, 525, 650] },
      { minQuantity: 288, prices: [350, 450, 550] },
    ],
    digitizingFeeCents: 5_000,
    minimumQuantity: 12,
  },
  digitalPrint: {
    tiers: [
      { minQuantity: 1, prices: 1_200 },
      { minQuantity: 12, prices: 900 },
      { minQuantity: 24, prices: 750 },
      { minQuantity: 48, prices: 600 },
      { minQuantity: 144, prices: 500 },
    ],
    setupFeeCents: 0,
    minimumQuantity: 1,
  },
  garmentMarkup: {
    defaultPercent: 50,
    categories: [
      { category: "T-Shirts", percent: 60 },
      { category: "Long Sleeve", percent: 40 },
      { category: "Polos", percent: 40 },
      { category: "Sweatshirts", percent: 40 },
      { category: "Fleece", percent: 35 },
      { category: "Outerwear", percent: 35 },
      { category: "Headwear", percent: 60 },
      { category: "Bags", percent: 60 },
    ],
  },
  sizeUpcharges: [
    { size: "2XL", cents: 200 },
    { size: "3XL", cents: 300 },
    { size: "4XL", cents: 400 },
    { size: "5XL", cents: 500 },
    { size: "6XL", cents: 600 },
  ],
  depositPercent: 50,
};

/** "XXL" and "2XL" are the same size; suppliers write both. */
export function sizeKey(size: string) {
  const s = size.trim().toUpperCase().replace(/\s+/g, "");
  const xs = /^(X+)L$/.exec(s);
  if (xs && xs[1]!.length >= 2) return `${xs[1]!.length}XL`;
  return s;
}

/** Every quantity tier a method has, lowest first. */
export function tierStarts(matrix: PriceMatrix, method: DecorationMethod): number[] {
  const tiers =
    method === "screen_print"
      ? matrix.screenPrint.tiers
      : method === "embroidery"
        ? matrix.embroidery.tiers
        : matrix.digitalPrint.tiers;
  return tiers.map((t) => t.minQuantity);
}

export function minimumQuantity(matrix: PriceMatrix, method: DecorationMethod) {
  return method === "screen_print"
    ? matrix.screenPrint.minimumQuantity
    : method === "embroidery"
      ? matrix.embroidery.minimumQuantity
      : matrix.digitalPrint.minimumQuantity;
}
