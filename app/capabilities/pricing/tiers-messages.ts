/** The Pricing Tiers screen's words (spec §7) and its columns. */
export const tierMessages = {
  load: "Failed to load pricing tiers. Please try again.",
  update: "Failed to update pricing tiers.",
  amount: "Enter an amount of 0 or more, with at most two decimals.",
  updated: "Pricing tiers updated. The pricing page and checkout use them from now on.",
};

export const PRICE_FIELDS = [
  { key: "monthly", column: "monthlyPriceCents", label: "Monthly price" },
  { key: "annual", column: "annualPriceCents", label: "Annual price" },
  { key: "setup", column: "setupFeeCents", label: "Setup fee" },
] as const;
