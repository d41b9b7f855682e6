/** What other capabilities may use of checkout: nothing else of this folder is theirs to import. */
export { computeCharges } from "./charges";
export { orderConfirmationEmail } from "./confirmation-email";
