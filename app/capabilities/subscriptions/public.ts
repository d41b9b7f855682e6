/** What other capabilities may use of subscriptions: nothing else of this folder is theirs to import. */
export { describeSubscription, type OrderSubscription } from "./labels";
