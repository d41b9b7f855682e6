/** What other capabilities may use of pricing on the server: nothing else of this folder is theirs to import. */
export { findPricingTier } from "./pricing.server";
export { type PricingPassage, pricingPassages } from "./passages.server";
