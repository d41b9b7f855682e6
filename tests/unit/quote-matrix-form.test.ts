import { describe, expect, it } from "vitest";
import { DEFAULT_PRICE_MATRIX, type PriceMatrix } from "~/capabilities/quotes/matrix";
import {
  matrixField as f,
  matrixFormFields,
  matrixMessages,
  readMatrixForm,
  risingPrices,
} from "~/capabilities/quotes/matrix-form";

const defaults = () => matrixFormFields(DEFAULT_PRICE_MATRIX);

function errorsOf(fields: Record<string, string>) {
  const read = readMatrixForm(fields);
  if (read.ok || "malformed" in read) throw new Error("expected field errors");
  return read.fieldErrors;
}

describe("reading the Price Matrix form", () => {
  it("reads the unchanged form back as the same matrix", () => {
    expect(readMatrixForm(defaults())).toEqual({ ok: true, matrix: DEFAULT_PRICE_MATRIX });
  });

  it("reads dollars to the cent without floating point, with or without $ and commas", () => {
    const fields = defaults();
    fields[f.screenPrice(0, 1)] = "3.1";
    fields[f.screenPrice(0, 2)] = "$4";
    fields[f.screenPrice(0, 3)] = ".05";
    fields[f.screenFee] = "1,250.99";
    const read = readMatrixForm(fields);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.matrix.screenPrint.tiers[0]!.prices.slice(0, 3)).toEqual([310, 400, 5]);
    expect(read.matrix.screenPrint.screenFeeCents).toBe(125_099);
  });

  it.each([
    ["a word for a price", f.screenPrice(1, 4), "cheap", matrixMessages.price],
    ["a negative price", f.embroideryPrice(0, 1), "-2", matrixMessages.price],
    ["three decimals", f.digitalPrice(0), "1.005", matrixMessages.price],
    ["an empty price", f.upchargePrice(0), "", matrixMessages.price],
    ["a price over $100,000", f.digitizingFee, "100000.01", matrixMessages.priceTooHigh],
    ["a fractional quantity", f.screenMin(0), "24.5", matrixMessages.quantity],
    ["zero pieces as a minimum", f.embroideryMinimum, "0", matrixMessages.quantity],
    ["a million and one pieces", f.digitalMin(4), "1000001", matrixMessages.quantity],
    ["a markup over 1,000 %", f.markupPercent(0), "1001", matrixMessages.percent],
    ["a deposit over 100 %", f.deposit, "101", matrixMessages.deposit],
    ["a deposit of 12.5 %", f.deposit, "12.5", matrixMessages.deposit],
    ["an empty stitch tier name", f.stitchLabel(1), " ", matrixMessages.stitchLabel],
  ])("puts the message beside %s", (_, name, value, message) => {
    const fields = defaults();
    fields[name] = value;
    expect(errorsOf(fields)).toEqual({ [name]: message });
  });

  it("refuses tiers out of order beside the tier that is out of place", () => {
    const fields = defaults();
    fields[f.screenMin(2)] = "48"; // the tier above starts at 48
    fields[f.stitchMax(2)] = "9000"; // below tier 2's 10,000
    expect(errorsOf(fields)).toEqual({
      [f.screenMin(2)]: "Enter more than the tier above (48).",
      [f.stitchMax(2)]: "Enter more than the stitch tier before (10,000).",
    });
  });

  it("refuses a category or a size listed twice (XXL is 2XL)", () => {
    const fields = defaults();
    fields[f.markupCategory(1)] = "t-shirts";
    fields[f.upchargeSize(1)] = "XXL";
    fields[f.upchargeSize(0)] = "2XL";
    expect(errorsOf(fields)).toEqual({
      [f.markupCategory(1)]: matrixMessages.duplicateCategory,
      [f.upchargeSize(1)]: matrixMessages.duplicateSize,
    });
  });

  it("drops a category or size row left empty, and reads added tiers", () => {
    const fields = defaults();
    fields[f.markupCategory(2)] = "";
    fields[f.markupPercent(2)] = "";
    fields[f.digitalMin(5)] = "500";
    fields[f.digitalPrice(5)] = "4.25";
    const read = readMatrixForm(fields);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.matrix.garmentMarkup.categories.map((c) => c.category)).not.toContain("Polos");
    expect(read.matrix.garmentMarkup.categories).toHaveLength(7);
    expect(read.matrix.digitalPrint.tiers.at(-1)).toEqual({ minQuantity: 500, prices: 425 });
  });

  it("calls a form with a missing field or a skipped tier malformed (a 400, not a message)", () => {
    const missing = defaults();
    delete missing[f.deposit];
    expect(readMatrixForm(missing)).toEqual({ ok: false, malformed: true });
    const skipped = defaults();
    skipped[f.screenMin(9)] = "5000";
    expect(readMatrixForm(skipped)).toEqual({ ok: false, malformed: true });
    const noTiers = Object.fromEntries(
      Object.entries(defaults()).filter(([name]) => !name.startsWith("dp.") || !/\d/.test(name)),
    );
    expect(readMatrixForm(noTiers)).toEqual({ ok: false, malformed: true });
  });

  it("counts every wrong field in the message for the whole form", () => {
    expect(matrixMessages.notSaved(1)).toBe(
      "The price matrix was not saved: 1 field needs attention.",
    );
    expect(matrixMessages.notSaved(3)).toBe(
      "The price matrix was not saved: 3 fields need attention.",
    );
  });
});

describe("prices that rise with quantity", () => {
  it("finds nothing wrong with the defaults", () => {
    expect(risingPrices(DEFAULT_PRICE_MATRIX)).toEqual([]);
  });

  it("warns beside each dearer price, and reading the form does not refuse it", () => {
    const bad: PriceMatrix = structuredClone(DEFAULT_PRICE_MATRIX);
    bad.screenPrint.tiers[2]!.prices[3] = 500; // 72+ dearer than 48+ ($4.05) for 4 colours
    bad.embroidery.tiers[1]!.prices[0] = 700; // 24+ dearer than 12+ ($6.50)
    bad.digitalPrint.tiers[1]!.prices = 1_300;
    const read = readMatrixForm(matrixFormFields(bad));
    expect(read).toEqual({ ok: true, matrix: bad });
    expect(risingPrices(bad)).toEqual([
      {
        field: f.screenPrice(2, 4),
        message: "Screen print, 4 colours: 72+ pieces cost more than 48+ pieces.",
      },
      {
        field: f.embroideryPrice(1, 0),
        message: "Embroidery, up to 5,000 stitches: 24+ pieces cost more than 12+ pieces.",
      },
      {
        field: f.digitalPrice(1),
        message: "Digital print, price a piece: 12+ pieces cost more than 1+ pieces.",
      },
    ]);
  });

  it("does not warn about an equal price or a falling one", () => {
    const flat: PriceMatrix = structuredClone(DEFAULT_PRICE_MATRIX);
    flat.screenPrint.tiers[1]!.prices[0] = flat.screenPrint.tiers[0]!.prices[0]!;
    expect(risingPrices(flat)).toEqual([]);
  });
});
