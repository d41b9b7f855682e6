// Stock words of issue 23, word for word, by the supplier's available quantity of one SKU.

export const STOCK_LEVELS = ["In stock", "Low stock", "Out of stock"] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** Fewer than this many pieces of a colour and size is 'Low stock': under two dozen-boxes of a bulk order. */
export const LOW_STOCK_BELOW = 100;

export function stockLevel(quantity: number): StockLevel {
  if (quantity <= 0) return "Out of stock";
  return quantity < LOW_STOCK_BELOW ? "Low stock" : "In stock";
}
