import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRICE_MATRIX,
  sizeKey,
} from "~/capabilities/quotes/matrix";
import {
  type Decoration,
  type QuoteLine,
  depositCents,
  priceQuote,
  roundDiv,
} from "~/capabilities/quotes/pricing";
import { nextBreakText } from "~/capabilities/quotes/PriceSummary";
import { formatUsd } from "~/platform/lib/money";

const matrix = DEFAULT_PRICE_MATRIX;

const line = (
  category: string,
  costCents: number,
  quantities: Record<string, number>,
  decorations: Decoration[],
): QuoteLine => ({
  product: { id: "p", category, costCents },
  colour: "Black",
  quantities,
  decorations,
});

const screen = (location: Decoration["location"], inkColours: number): Decoration => ({
  location,
  method: "screen_print",
  inkColours,
});

describe("the worked example: 40 long-sleeve shirts, four colours front, one back", () => {
  // Supplier cost $6.50; sizes S 4, M 10, L 12, XL 8, 2XL 4, 3XL 2.
  const shirts = line("Long Sleeve", 650, { S: 4, M: 10, L: 12, XL: 8, "2XL": 4, "3XL": 2 }, [
    screen("front", 4),
    screen("back", 1),
  ]);
  const price = priceQuote(matrix, [shirts]);

  it("marks the garment up by the category's 40%: $6.50 → $9.10 a piece, $364 for 40", () => {
    expect(price.lines[0]).toMatchObject({
      markupPercent: 40,
      garmentUnitCents: 910,
      garmentCents: 36_400,
    });
  });
  it("adds $2 a 2XL and $3 a 3XL: 4 × $2 + 2 × $3 = $14", () => {
    expect(price.upchargeCents).toBe(1_400);
  });
  it("prints each location at the 24–47 tier: front 4 colours $5.25, back 1 colour $3.00", () => {
    expect(price.lines[0]!.decorations).toEqual([
      {
        location: "front",
        method: "screen_print",
        unitCents: 525,
        totalCents: 21_000,
        setupCents: 10_000,
      },
      {
        location: "back",
        method: "screen_print",
        unitCents: 300,
        totalCents: 12_000,
        setupCents: 2_500,
      },
    ]);
  });
  it("charges five screens at $25", () => {
    expect(price.setupCents).toBe(12_500);
  });
  it("totals $833, $20.83 a piece", () => {
    expect(price).toMatchObject({
      quantity: 40,
      totalCents: 83_300,
      perPieceCents: 2_083,
      minimums: [],
    });
    expect(formatUsd(price.totalCents)).toBe("$833");
  });
  it("hints that 8 more pieces reach the 48 tier: ($436.80 + $14 + $302.40 + $125) / 48 = $18.30", () => {
    expect(price.nextBreak).toEqual({
      method: "screen_print",
      morePieces: 8,
      perPieceCents: 1_830,
    });
    expect(nextBreakText(price.nextBreak!, formatUsd)).toBe(
      "8 more pieces bring the price to $18.30 a piece",
    );
  });
  it("asks half of it as a deposit", () => {
    expect(depositCents(matrix, price.totalCents)).toBe(41_650);
  });
});

describe("quantity tiers", () => {
  it.each([
    // pieces, screen print 1 colour a piece
    [24, 300],
    [47, 300],
    [48, 225],
    [71, 225],
    [72, 185],
    [143, 185],
    [144, 150],
    [999, 95],
    [1000, 75],
    [5000, 75],
  ])("%i pieces print one colour at %i cents", (pieces, unit) => {
    const price = priceQuote(matrix, [line("T-Shirts", 300, { M: pieces }, [screen("front", 1)])]);
    expect(price.lines[0]!.decorations[0]!.unitCents).toBe(unit);
  });

  it.each([
    // ink colours, 72-143 tier price
    [1, 185],
    [2, 235],
    [3, 285],
    [4, 335],
    [5, 385],
    [6, 435],
  ])("%i ink colours cost %i cents a piece at 72 pieces, with as many screens", (colours, unit) => {
    const price = priceQuote(matrix, [
      line("T-Shirts", 300, { M: 72 }, [screen("front", colours)]),
    ]);
    expect(price.lines[0]!.decorations[0]).toMatchObject({
      unitCents: unit,
      setupCents: colours * 2_500,
    });
  });

  it.each([
    // pieces, stitch tier, unit
    [12, 0, 650],
    [12, 2, 1_050],
    [24, 1, 725],
    [50, 0, 475],
    [300, 2, 550],
  ])(
    "embroidery on %i pieces at stitch tier %i costs %i cents, plus $50 digitising",
    (pieces, tier, unit) => {
      const price = priceQuote(matrix, [
        line("Polos", 1_300, { L: pieces }, [
          { location: "left_chest", method: "embroidery", stitchTier: tier },
        ]),
      ]);
      expect(price.lines[0]!.decorations[0]).toMatchObject({ unitCents: unit, setupCents: 5_000 });
    },
  );

  it.each([
    [1, 1_200],
    [11, 1_200],
    [12, 900],
    [48, 600],
    [200, 500],
  ])("digital print on %i pieces costs %i cents with no set-up", (pieces, unit) => {
    const price = priceQuote(matrix, [
      line("T-Shirts", 300, { M: pieces }, [{ location: "back", method: "digital_print" }]),
    ]);
    expect(price.lines[0]!.decorations[0]).toMatchObject({ unitCents: unit, setupCents: 0 });
    expect(price.minimums).toEqual([]);
  });

  it("picks a method's tier by the pieces carrying it across all lines", () => {
    // 30 tees + 30 hoodies screen printed: 60 pieces, the 48 tier for both lines.
    const price = priceQuote(matrix, [
      line("T-Shirts", 300, { M: 30 }, [screen("front", 1)]),
      line("Sweatshirts", 1_400, { L: 30 }, [screen("front", 1)]),
    ]);
    expect(price.methodQuantities).toEqual({ screen_print: 60 });
    expect(price.lines.map((l) => l.decorations[0]!.unitCents)).toEqual([225, 225]);
  });

  it("does not let embroidered caps make the shirts' screen print cheaper", () => {
    const price = priceQuote(matrix, [
      line("T-Shirts", 300, { M: 30 }, [screen("front", 1)]),
      line("Headwear", 600, { OSFA: 30 }, [
        { location: "front", method: "embroidery", stitchTier: 0 },
      ]),
    ]);
    expect(price.methodQuantities).toEqual({ screen_print: 30, embroidery: 30 });
    expect(price.lines[0]!.decorations[0]!.unitCents).toBe(300);
  });
});

describe("garments", () => {
  it.each([
    ["T-Shirts", 350, 60, 560],
    ["t-shirts", 350, 60, 560],
    ["Long Sleeve", 650, 40, 910],
    ["Accessories", 400, 50, 600],
    ["Apparel", 999, 50, 1_499], // 14.985 rounds half up to 14.99
    ["Polos", 1_337, 40, 1_872], // 18.718 rounds to 18.72
  ])("a %s at %i cents is marked up %i%% to %i cents", (category, cost, percent, unit) => {
    const price = priceQuote(matrix, [line(category, cost, { M: 1 }, [])]);
    expect(price.lines[0]).toMatchObject({ markupPercent: percent, garmentUnitCents: unit });
  });

  it.each([
    ["2XL", 200],
    ["XXL", 200],
    ["xxxl", 300],
    ["4XL", 400],
    ["6XL", 600],
    ["XL", 0],
    ["S", 0],
  ])("a %s costs %i cents more", (size, upcharge) => {
    const price = priceQuote(matrix, [line("T-Shirts", 300, { [size]: 3 }, [])]);
    expect(price.upchargeCents).toBe(3 * upcharge);
  });

  it("reads the same size however the supplier writes it", () => {
    expect(["XXL", "2xl", " 2XL "].map(sizeKey)).toEqual(["2XL", "2XL", "2XL"]);
  });
});

describe("minimums", () => {
  it.each([
    ["screen_print", 16, "Screen print has a minimum of 24 pieces: add 8 more."],
    ["screen_print", 23, "Screen print has a minimum of 24 pieces: add 1 more."],
    ["embroidery", 5, "Embroidery has a minimum of 12 pieces: add 7 more."],
  ] as const)("%s on %i pieces says what is missing", (method, pieces, message) => {
    const d: Decoration =
      method === "embroidery"
        ? { location: "left_chest", method, stitchTier: 0 }
        : { location: "front", method, inkColours: 1 };
    const price = priceQuote(matrix, [line("T-Shirts", 300, { M: pieces }, [d])]);
    expect(price.minimums.map((m) => m.message)).toEqual([message]);
  });

  it("has nothing missing at the minimum", () => {
    const price = priceQuote(matrix, [line("T-Shirts", 300, { M: 24 }, [screen("front", 1)])]);
    expect(price.minimums).toEqual([]);
  });
});

describe("the next price break", () => {
  it("puts the extra pieces in the biggest line's most-ordered size", () => {
    const lines = [
      line("T-Shirts", 300, { S: 5, M: 10 }, [screen("front", 2)]),
      line("T-Shirts", 300, { L: 20, XL: 30 }, [screen("front", 2)]),
    ];
    const price = priceQuote(matrix, lines);
    expect(price.nextBreak?.morePieces).toBe(7); // 65 → 72
    const grown = priceQuote(matrix, [
      lines[0]!,
      line("T-Shirts", 300, { L: 20, XL: 37 }, [screen("front", 2)]),
    ]);
    expect(price.nextBreak?.perPieceCents).toBe(grown.perPieceCents);
    expect(grown.perPieceCents).toBeLessThan(price.perPieceCents);
  });

  it("is absent past the last tier, for blank garments and for an empty quote", () => {
    expect(
      priceQuote(matrix, [line("T-Shirts", 300, { M: 1200 }, [screen("front", 1)])]).nextBreak,
    ).toBeNull();
    expect(priceQuote(matrix, [line("T-Shirts", 300, { M: 10 }, [])]).nextBreak).toBeNull();
    expect(priceQuote(matrix, [])).toMatchObject({
      quantity: 0,
      totalCents: 0,
      perPieceCents: 0,
      nextBreak: null,
    });
  });

  it("aims past the first tier below the minimum (the minimum says what is missing there)", () => {
    const price = priceQuote(matrix, [line("T-Shirts", 300, { M: 10 }, [screen("front", 1)])]);
    expect(price.nextBreak?.morePieces).toBe(38); // to 48, not to 24
  });

  it("says one piece in the singular", () => {
    expect(
      nextBreakText({ method: "screen_print", morePieces: 1, perPieceCents: 1_250 }, formatUsd),
    ).toBe("1 more piece brings the price to $12.50 a piece");
  });
});

describe("integer cents", () => {
  it.each([
    [1, 2, 1],
    [3, 2, 2],
    [5, 2, 3],
    [83_300, 40, 2_083],
    [1, 3, 0],
    [2, 3, 1],
  ])("%i / %i rounds half up to %i", (a, b, q) => expect(roundDiv(a, b)).toBe(q));

  it("adds up: the quote's total is the sum of its parts and of its lines", () => {
    const price = priceQuote(matrix, [
      line("Polos", 1_299, { M: 13, "2XL": 7 }, [
        { location: "left_chest", method: "embroidery", stitchTier: 1 },
        screen("back", 3),
      ]),
      line("Headwear", 650, { OSFA: 31 }, [{ location: "front", method: "digital_print" }]),
    ]);
    for (const value of Object.values(price).filter((v) => typeof v === "number")) {
      expect(Number.isInteger(value)).toBe(true);
    }
    expect(price.totalCents).toBe(
      price.garmentCents + price.upchargeCents + price.decorationCents + price.setupCents,
    );
    expect(price.totalCents).toBe(price.lines.reduce((s, l) => s + l.totalCents, 0));
  });
});
