/** What other capabilities may use of subscriptions: nothing else of this folder is theirs to import. */
export {
  describeSubscription,
  manageLinkOffers,
  type OrderSubscription,
  type PaymentMode,
} from "./labels";
