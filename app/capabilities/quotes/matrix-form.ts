import { centsToDecimal } from "~/platform/lib/money";
import { MAX_INK_COLOURS, type PriceMatrix, type QuantityTier, sizeKey } from "./matrix";

// The Price Matrix screen's form: field names, reading the posted fields back into a matrix with a
// message beside each field that is wrong, and the prices that rise with quantity (a warning, not
// a refusal). Pure: the screen runs the same reading in the browser to warn as the admin types.

export const MAX_TIERS = 20;
export const MAX_ROWS = 100;

/** The form's field names: one place, so the screen, the reader and the warnings agree. */
export const matrixField = {
  screenMin: (tier: number) => `sp.${tier}.min`,
  screenPrice: (tier: number, colours: number) => `sp.${tier}.c${colours}`,
  screenFee: "sp.screenFee",
  screenMinimum: "sp.minimum",
  screenTiers: "sp.tiers",
  stitchLabel: (s: number) => `em.stitch.${s}.label`,
  stitchMax: (s: number) => `em.stitch.${s}.max`,
  embroideryMin: (tier: number) => `em.${tier}.min`,
  embroideryPrice: (tier: number, s: number) => `em.${tier}.s${s}`,
  digitizingFee: "em.digitizingFee",
  embroideryMinimum: "em.minimum",
  embroideryTiers: "em.tiers",
  digitalMin: (tier: number) => `dp.${tier}.min`,
  digitalPrice: (tier: number) => `dp.${tier}.price`,
  digitalSetupFee: "dp.setupFee",
  digitalMinimum: "dp.minimum",
  digitalTiers: "dp.tiers",
  markupDefault: "markup.default",
  markupCategory: (row: number) => `markup.${row}.category`,
  markupPercent: (row: number) => `markup.${row}.percent`,
  upchargeSize: (row: number) => `upcharge.${row}.size`,
  upchargePrice: (row: number) => `upcharge.${row}.price`,
  deposit: "deposit",
} as const;

export const matrixMessages = {
  price: "Enter an amount in dollars, such as 3.75.",
  priceTooHigh: "Enter at most $100,000.",
  quantity: "Enter a whole number of pieces from 1 to 1,000,000.",
  percent: "Enter a whole percent from 0 to 1,000.",
  deposit: "Enter a whole percent from 0 to 100.",
  stitches: "Enter a whole number of stitches from 1 to 1,000,000.",
  stitchLabel: "Enter a name for this stitch tier (up to 60 characters).",
  category: "Enter the category as the catalogue names it (up to 80 characters).",
  size: "Enter a size, such as 2XL (up to 20 characters).",
  tooManyTiers: `A method has at most ${MAX_TIERS} quantity tiers.`,
  tooManyRows: `At most ${MAX_ROWS} rows.`,
  ascending: (above: number) =>
    `Enter more than the tier above (${above.toLocaleString("en-US")}).`,
  stitchesAscending: (before: number) =>
    `Enter more than the stitch tier before (${before.toLocaleString("en-US")}).`,
  duplicateCategory: "This category is already listed.",
  duplicateSize: "This size is already listed.",
  notSaved: (n: number) =>
    n === 1
      ? "The price matrix was not saved: 1 field needs attention."
      : `The price matrix was not saved: ${n} fields need attention.`,
} as const;

/** The matrix as the form's initial values (dollars as "3.00", the rest as whole numbers). */
export const dollars = (cents: number) => centsToDecimal(cents);

/** The fields the screen posts for a matrix, by name (what a save of the unchanged form sends). */
export function matrixFormFields(matrix: PriceMatrix): Record<string, string> {
  const fields: Record<string, string> = {};
  matrix.screenPrint.tiers.forEach((tier, i) => {
    fields[matrixField.screenMin(i)] = String(tier.minQuantity);
    tier.prices.forEach((p, c) => (fields[matrixField.screenPrice(i, c + 1)] = dollars(p)));
  });
  fields[matrixField.screenFee] = dollars(matrix.screenPrint.screenFeeCents);
  fields[matrixField.screenMinimum] = String(matrix.screenPrint.minimumQuantity);
  matrix.embroidery.stitchTiers.forEach((tier, s) => {
    fields[matrixField.stitchLabel(s)] = tier.label;
    fields[matrixField.stitchMax(s)] = String(tier.maxStitches);
  });
  matrix.embroidery.tiers.forEach((tier, i) => {
    fields[matrixField.embroideryMin(i)] = String(tier.minQuantity);
    tier.prices.forEach((p, s) => (fields[matrixField.embroideryPrice(i, s)] = dollars(p)));
  });
  fields[matrixField.digitizingFee] = dollars(matrix.embroidery.digitizingFeeCents);
  fields[matrixField.embroideryMinimum] = String(matrix.embroidery.minimumQuantity);
  matrix.digitalPrint.tiers.forEach((tier, i) => {
    fields[matrixField.digitalMin(i)] = String(tier.minQuantity);
    fields[matrixField.digitalPrice(i)] = dollars(tier.prices);
  });
  fields[matrixField.digitalSetupFee] = dollars(matrix.digitalPrint.setupFeeCents);
  fields[matrixField.digitalMinimum] = String(matrix.digitalPrint.minimumQuantity);
  fields[matrixField.markupDefault] = String(matrix.garmentMarkup.defaultPercent);
  matrix.garmentMarkup.categories.forEach((row, k) => {
    fields[matrixField.markupCategory(k)] = row.category;
    fields[matrixField.markupPercent(k)] = String(row.percent);
  });
  matrix.sizeUpcharges.forEach((row, k) => {
    fields[matrixField.upchargeSize(k)] = row.size;
    fields[matrixField.upchargePrice(k)] = dollars(row.cents);
  });
  fields[matrixField.deposit] = String(matrix.depositPercent);
  return fields;
}

export type MatrixFormResult =
  | { ok: true; matrix: PriceMatrix }
  | { ok: false; fieldErrors: Record<string, string> }
  /** The form's shape is not one the screen posts (a hand-made request): a 400. */
  | { ok: false; malformed: true };

type Fields = Record<string, unknown>;

/** How many numbered rows a prefix has ("sp.0.min", "sp.1.min" …); null when they skip a number. */
function rowCount(fields: Fields, pattern: RegExp): number | null {
  const seen = new Set<number>();
  for (const name of Object.keys(fields)) {
    const m = pattern.exec(name);
    if (m) seen.add(Number(m[1]));
  }
  for (let i = 0; i < seen.size; i++) if (!seen.has(i)) return null;
  return seen.size;
}

/** Reads the posted form into a matrix, or each wrong field's message. */
export function readMatrixForm(fields: Fields): MatrixFormResult {
  const errors: Record<string, string> = {};
  let malformed = false;
  const text = (name: string) => {
    const value = fields[name];
    if (typeof value !== "string") {
      malformed = true;
      return "";
    }
    return value.trim();
  };
  const cents = (name: string) => {
    const value = text(name)
      .replace(/^\$\s*/, "")
      .replace(/,/g, "");
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(value) && !/^\.\d{1,2}$/.test(value)) {
      errors[name] = matrixMessages.price;
      return 0;
    }
    const [whole = "", fraction = ""] = value.split(".");
    const result = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
    if (result > 10_000_000) errors[name] = matrixMessages.priceTooHigh;
    return result;
  };
  const whole = (name: string, min: number, max: number, message: string) => {
    const value = text(name).replace(/,/g, "");
    const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
    if (!(n >= min && n <= max)) {
      errors[name] = message;
      return min;
    }
    return n;
  };
  const quantity = (name: string) => whole(name, 1, 1_000_000, matrixMessages.quantity);
  const label = (name: string, max: number, message: string) => {
    const value = text(name);
    if (value.length < 1 || value.length > max) errors[name] = message;
    return value;
  };

  /** Tiers in ascending quantity; the message goes beside the tier that is out of order. */
  const tiers = <P>(
    pattern: RegExp,
    countField: string,
    minField: (i: number) => string,
    prices: (i: number) => P,
  ): QuantityTier<P>[] => {
    const n = rowCount(fields, pattern);
    if (n === null || n === 0) {
      malformed = true;
      return [];
    }
    if (n > MAX_TIERS) errors[countField] = matrixMessages.tooManyTiers;
    const result: QuantityTier<P>[] = [];
    for (let i = 0; i < n; i++) {
      const minQuantity = quantity(minField(i));
      const above = result[i - 1]?.minQuantity;
      if (above !== undefined && !errors[minField(i)] && !errors[minField(i - 1)]) {
        if (minQuantity <= above) errors[minField(i)] = matrixMessages.ascending(above);
      }
      result.push({ minQuantity, prices: prices(i) });
    }
    return result;
  };

  const screenTiers = tiers(
    /^sp\.(\d+)\.min$/,
    matrixField.screenTiers,
    matrixField.screenMin,
    (i) =>
      Array.from({ length: MAX_INK_COLOURS }, (_, c) => cents(matrixField.screenPrice(i, c + 1))),
  );

  const stitchCount = rowCount(fields, /^em\.stitch\.(\d+)\.label$/);
  if (stitchCount === null || stitchCount === 0 || stitchCount > 6) malformed = true;
  const stitchTiers: PriceMatrix["embroidery"]["stitchTiers"] = [];
  for (let s = 0; s < (stitchCount ?? 0); s++) {
    const maxName = matrixField.stitchMax(s);
    const maxStitches = whole(maxName, 1, 1_000_000, matrixMessages.stitches);
    const before = stitchTiers[s - 1]?.maxStitches;
    if (before !== undefined && !errors[maxName] && maxStitches <= before) {
      errors[maxName] = matrixMessages.stitchesAscending(before);
    }
    stitchTiers.push({
      label: label(matrixField.stitchLabel(s), 60, matrixMessages.stitchLabel),
      maxStitches,
    });
  }
  const embroideryTiers = tiers(
    /^em\.(\d+)\.min$/,
    matrixField.embroideryTiers,
    matrixField.embroideryMin,
    (i) => stitchTiers.map((_, s) => cents(matrixField.embroideryPrice(i, s))),
  );

  const digitalTiers = tiers(
    /^dp\.(\d+)\.min$/,
    matrixField.digitalTiers,
    matrixField.digitalMin,
    (i) => cents(matrixField.digitalPrice(i)),
  );

  // Rows left wholly empty are dropped: clearing a row's fields removes it, with or without JavaScript.
  const markupRows = rowCount(fields, /^markup\.(\d+)\.category$/);
  const categories: PriceMatrix["garmentMarkup"]["categories"] = [];
  const seenCategories = new Set<string>();
  if (markupRows === null) malformed = true;
  else if (markupRows > MAX_ROWS)
    errors[matrixField.markupCategory(0)] = matrixMessages.tooManyRows;
  for (let k = 0; k < (markupRows ?? 0); k++) {
    const categoryName = matrixField.markupCategory(k);
    const percentName = matrixField.markupPercent(k);
    if (text(categoryName) === "" && text(percentName) === "") continue;
    const category = label(categoryName, 80, matrixMessages.category);
    const key = category.toLowerCase();
    if (!errors[categoryName] && seenCategories.has(key)) {
      errors[categoryName] = matrixMessages.duplicateCategory;
    }
    seenCategories.add(key);
    categories.push({ category, percent: whole(percentName, 0, 1_000, matrixMessages.percent) });
  }

  const upchargeRows = rowCount(fields, /^upcharge\.(\d+)\.size$/);
  const sizeUpcharges: PriceMatrix["sizeUpcharges"] = [];
  const seenSizes = new Set<string>();
  if (upchargeRows === null) malformed = true;
  else if (upchargeRows > MAX_ROWS)
    errors[matrixField.upchargeSize(0)] = matrixMessages.tooManyRows;
  for (let k = 0; k < (upchargeRows ?? 0); k++) {
    const sizeName = matrixField.upchargeSize(k);
    const priceName = matrixField.upchargePrice(k);
    if (text(sizeName) === "" && text(priceName) === "") continue;
    const size = label(sizeName, 20, matrixMessages.size);
    if (!errors[sizeName] && seenSizes.has(sizeKey(size))) {
      errors[sizeName] = matrixMessages.duplicateSize;
    }
    seenSizes.add(sizeKey(size));
    sizeUpcharges.push({ size, cents: cents(priceName) });
  }

  const matrix: PriceMatrix = {
    screenPrint: {
      tiers: screenTiers,
      screenFeeCents: cents(matrixField.screenFee),
      minimumQuantity: quantity(matrixField.screenMinimum),
    },
    embroidery: {
      stitchTiers,
      tiers: embroideryTiers,
      digitizingFeeCents: cents(matrixField.digitizingFee),
      minimumQuantity: quantity(matrixField.embroideryMinimum),
    },
    digitalPrint: {
      tiers: digitalTiers,
      setupFeeCents: cents(matrixField.digitalSetupFee),
      minimumQuantity: quantity(matrixField.digitalMinimum),
    },
    garmentMarkup: {
      defaultPercent: whole(matrixField.markupDefault, 0, 1_000, matrixMessages.percent),
      categories,
    },
    sizeUpcharges,
    depositPercent: whole(matrixField.deposit, 0, 100, matrixMessages.deposit),
  };
  if (malformed) return { ok: false, malformed: true };
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return { ok: true, matrix };
}

export interface PriceWarning {
  /** The field of the dearer price, for the warning to sit beside it. */
  field: string;
  message: string;
}

/**
 * Every price that is dearer than the tier above it in the same column: almost always a typing
 * mistake, but a shop may mean it, so the screen warns and still saves.
 */
export function risingPrices(matrix: PriceMatrix): PriceWarning[] {
  const warnings: PriceWarning[] = [];
  const check = (
    method: string,
    columns: string[],
    tiers: QuantityTier<number[]>[],
    field: (tier: number, column: number) => string,
  ) => {
    for (let i = 1; i < tiers.length; i++) {
      columns.forEach((column, c) => {
        const before = tiers[i - 1]!.prices[c]!;
        const after = tiers[i]!.prices[c]!;
        if (after > before) {
          warnings.push({
            field: field(i, c),
            message: `${method}, ${column}: ${tiers[i]!.minQuantity.toLocaleString("en-US")}+ pieces cost more than ${tiers[i - 1]!.minQuantity.toLocaleString("en-US")}+ pieces.`,
          });
        }
      });
    }
  };
  check(
    "Screen print",
    Array.from({ length: MAX_INK_COLOURS }, (_, i) => `${i + 1} ${i === 0 ? "colour" : "colours"}`),
    matrix.screenPrint.tiers,
    (i, c) => matrixField.screenPrice(i, c + 1),
  );
  check(
    "Embroidery",
    matrix.embroidery.stitchTiers.map((t) => t.label.toLowerCase()),
    matrix.embroidery.tiers,
    matrixField.embroideryPrice,
  );
  check(
    "Digital print",
    ["price a piece"],
    matrix.digitalPrint.tiers.map((t) => ({ minQuantity: t.minQuantity, prices: [t.prices] })),
    (i) => matrixField.digitalPrice(i),
  );
  return warnings;
}
