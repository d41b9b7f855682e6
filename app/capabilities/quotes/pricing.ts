import {
  type DecorationLocation,
  type DecorationMethod,
  METHOD_LABELS,
  type PriceMatrix,
  type QuantityTier,
  minimumQuantity,
  sizeKey,
  tierStarts,
} from "./matrix";

// The price of a quote. Pure and synchronous, in integer cents: the builder in the browser and the
// server that stores the quote run this same function on the same matrix, so they agree to the cent.
// Input is assumed checked (lines.ts): known sizes and colours, whole quantities within the limits.

export interface PricedProduct {
  id: string;
  category: string;
  /** The supplier's price a piece (products.price_cents). */
  costCents: number;
}

export interface Decoration {
  location: DecorationLocation;
  method: DecorationMethod;
  /** Screen print: 1–6. */
  inkColours?: number;
  /** Embroidery: index into the matrix's stitch tiers. */
  stitchTier?: number;
}

export interface QuoteLine {
  product: PricedProduct;
  colour: string;
  /** Pieces by size name, as the product names its sizes. */
  quantities: Record<string, number>;
  decorations: Decoration[];
}

export interface DecorationPrice {
  location: DecorationLocation;
  method: DecorationMethod;
  /** The matrix's price a piece for this location at the method's quantity tier. */
  unitCents: number;
  totalCents: number;
  /** Screens (one per ink colour), digitising or digital set-up: once for the location. */
  setupCents: number;
}

export interface LinePrice {
  quantity: number;
  markupPercent: number;
  /** Supplier cost with the category's markup, a piece, before larger-size upcharges. */
  garmentUnitCents: number;
  garmentCents: number;
  upchargeCents: number;
  decorations: DecorationPrice[];
  decorationCents: number;
  setupCents: number;
  totalCents: number;
  perPieceCents: number;
}

export interface MinimumShortfall {
  method: DecorationMethod;
  minimum: number;
  quantity: number;
  missing: number;
  message: string;
}

export interface NextBreak {
  method: DecorationMethod;
  morePieces: number;
  perPieceCents: number;
}

export interface QuotePrice {
  lines: LinePrice[];
  quantity: number;
  /** Pieces carrying each method across the quote: what picks its quantity tier. */
  methodQuantities: Partial<Record<DecorationMethod, number>>;
  garmentCents: number;
  upchargeCents: number;
  decorationCents: number;
  setupCents: number;
  totalCents: number;
  perPieceCents: number;
  minimums: MinimumShortfall[];
  nextBreak: NextBreak | null;
}

/** a / b rounded half up, for non-negative integers, without floating-point error. */
export function roundDiv(a: number, b: number) {
  return Math.floor((2 * a + b) / (2 * b));
}

export function lineQuantity(line: Pick<QuoteLine, "quantities">) {
  let sum = 0;
  for (const size in line.quantities) sum += line.quantities[size]!;
  return sum;
}

export function markupPercent(matrix: PriceMatrix, category: string) {
  const c = category.trim().toLowerCase();
  const row = matrix.garmentMarkup.categories.find((r) => r.category.trim().toLowerCase() === c);
  return row ? row.percent : matrix.garmentMarkup.defaultPercent;
}

function tierFor<P>(tiers: QuantityTier<P>[], quantity: number): QuantityTier<P> {
  let tier = tiers[0]!;
  for (const t of tiers) if (t.minQuantity <= quantity) tier = t;
  return tier;
}

function decorationUnit(matrix: PriceMatrix, d: Decoration, quantity: number) {
  switch (d.method) {
    case "screen_print": {
      const tier = tierFor(matrix.screenPrint.tiers, quantity);
      const colours = d.inkColours ?? 1;
      return {
        unit: tier.prices[colours - 1]!,
        setup: colours * matrix.screenPrint.screenFeeCents,
      };
    }
    case "embroidery": {
      const tier = tierFor(matrix.embroidery.tiers, quantity);
      return { unit: tier.prices[d.stitchTier ?? 0]!, setup: matrix.embroidery.digitizingFeeCents };
    }
    case "digital_print": {
      const tier = tierFor(matrix.digitalPrint.tiers, quantity);
      return { unit: tier.prices, setup: matrix.digitalPrint.setupFeeCents };
    }
  }
}

/** Pieces carrying each method (a line counts once for a method, however many locations use it). */
function countByMethod(lines: QuoteLine[]) {
  const counts: Partial<Record<DecorationMethod, number>> = {};
  for (const line of lines) {
    const q = lineQuantity(line);
    for (const method of new Set(line.decorations.map((d) => d.method))) {
      counts[method] = (counts[method] ?? 0) + q;
    }
  }
  return counts;
}

function priceLine(matrix: PriceMatrix, line: QuoteLine, counts: QuotePrice["methodQuantities"]) {
  const upcharges = new Map(matrix.sizeUpcharges.map((u) => [sizeKey(u.size), u.cents]));
  const markup = markupPercent(matrix, line.product.category);
  const garmentUnitCents = roundDiv(line.product.costCents * (100 + markup), 100);
  let quantity = 0;
  let upchargeCents = 0;
  for (const size in line.quantities) {
    const q = line.quantities[size]!;
    quantity += q;
    upchargeCents += (upcharges.get(sizeKey(size)) ?? 0) * q;
  }
  const decorations = line.decorations.map((d): DecorationPrice => {
    const { unit, setup } = decorationUnit(matrix, d, counts[d.method] ?? 0);
    const used = quantity > 0;
    return {
      location: d.location,
      method: d.method,
      unitCents: unit,
      totalCents: unit * quantity,
      setupCents: used ? setup : 0,
    };
  });
  const garmentCents = garmentUnitCents * quantity;
  const decorationCents = decorations.reduce((s, d) => s + d.totalCents, 0);
  const setupCents = decorations.reduce((s, d) => s + d.setupCents, 0);
  const totalCents = garmentCents + upchargeCents + decorationCents + setupCents;
  return {
    quantity,
    markupPercent: markup,
    garmentUnitCents,
    garmentCents,
    upchargeCents,
    decorations,
    decorationCents,
    setupCents,
    totalCents,
    perPieceCents: quantity > 0 ? roundDiv(totalCents, quantity) : 0,
  } satisfies LinePrice;
}

function priceWithoutHint(matrix: PriceMatrix, lines: QuoteLine[]): QuotePrice {
  const methodQuantities = countByMethod(lines);
  const priced = lines.map((line) => priceLine(matrix, line, methodQuantities));
  const sum = (key: keyof LinePrice) => priced.reduce((s, l) => s + (l[key] as number), 0);
  const quantity = sum("quantity");
  const totalCents = sum("totalCents");
  const minimums: MinimumShortfall[] = [];
  for (const [method, have] of Object.entries(methodQuantities) as [DecorationMethod, number][]) {
    const minimum = minimumQuantity(matrix, method);
    if (have < minimum) {
      const missing = minimum - have;
      minimums.push({
        method,
        minimum,
        quantity: have,
        missing,
        message: `${METHOD_LABELS[method]} has a minimum of ${minimum} pieces: add ${missing} more.`,
      });
    }
  }
  return {
    lines: priced,
    quantity,
    methodQuantities,
    garmentCents: sum("garmentCents"),
    upchargeCents: sum("upchargeCents"),
    decorationCents: sum("decorationCents"),
    setupCents: sum("setupCents"),
    totalCents,
    perPieceCents: quantity > 0 ? roundDiv(totalCents, quantity) : 0,
    minimums,
    nextBreak: null,
  };
}

/**
 * The nearest quantity tier above what the quote has, for any method it uses, and the price a piece
 * it would bring: the extra pieces go to the biggest line carrying that method, in its most-ordered
 * size, so the figure is one the buyer can get by changing a single number. Null when no cheaper
 * tier is in reach or the quote is empty.
 */
function nextBreak(matrix: PriceMatrix, lines: QuoteLine[], current: QuotePrice): NextBreak | null {
  let best: { method: DecorationMethod; more: number } | null = null;
  for (const [method, have] of Object.entries(current.methodQuantities) as [
    DecorationMethod,
    number,
  ][]) {
    const starts = tierStarts(matrix, method);
    const next = starts.slice(1).find((start) => start > have);
    if (next !== undefined && (!best || next - have < best.more))
      best = { method, more: next - have };
  }
  if (!best || current.quantity === 0) return null;
  const { method, more } = best;
  let target = -1;
  lines.forEach((line, i) => {
    if (!line.decorations.some((d) => d.method === method) || lineQuantity(line) === 0) return;
    if (target < 0 || lineQuantity(line) > lineQuantity(lines[target]!)) target = i;
  });
  if (target < 0) return null;
  const line = lines[target]!;
  let size = Object.keys(line.quantities)[0]!;
  for (const s in line.quantities) if (line.quantities[s]! > line.quantities[size]!) size = s;
  const grown = lines.map((l, i) =>
    i === target
      ? { ...l, quantities: { ...l.quantities, [size]: l.quantities[size]! + more } }
      : l,
  );
  const perPieceCents = priceWithoutHint(matrix, grown).perPieceCents;
  return perPieceCents < current.perPieceCents ? { method, morePieces: more, perPieceCents } : null;
}

export function priceQuote(matrix: PriceMatrix, lines: QuoteLine[]): QuotePrice {
  const price = priceWithoutHint(matrix, lines);
  price.nextBreak = nextBreak(matrix, lines, price);
  return price;
}

/** The builder's hint (issue 23, word for word). */
export function nextBreakText(next: NextBreak, format: (cents: number) => string) {
  const pieces =
    next.morePieces === 1 ? "1 more piece brings" : `${next.morePieces} more pieces bring`;
  return `${pieces} the price to ${format(next.perPieceCents)} a piece`;
}

/** The deposit a buyer pays to accept a quote of this total. */
export function depositCents(matrix: Pick<PriceMatrix, "depositPercent">, totalCents: number) {
  return roundDiv(totalCents * matrix.depositPercent, 100);
}
