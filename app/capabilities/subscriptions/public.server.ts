/** What other capabilities may use of subscriptions on the server: nothing else of this folder is theirs to import. */
export {
  startSubscription,
  subscriptionForOrders,
  subscriptionManageUrl,
} from "./subscriptions.server";
export { SUBSCRIPTION_EVENTS, applyStripeSubscriptionEvent } from "./stripe-events.server";
