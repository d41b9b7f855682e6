// @chunk plans
/** What other capabilities may use of pricing: nothing else of this folder is theirs to import. */
export { FeatureList } from "./FeatureList";
export {
  BILLING_INTERVALS,
  PLANS,
  PLAN_NAMES,
  checkoutPath,
  planPriceCents,
  type BillingInterval,
  type PlanName,
  type PlanPrice,
  type PlanPrices,
} from "./plans";
