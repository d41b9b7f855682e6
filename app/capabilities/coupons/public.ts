/** What other capabilities may use of coupons: nothing else of this folder is theirs to import. */
export { checkoutRefusal } from "./rules";
