/** What other capabilities may use of quotes: the payment events of a quote's deposit. */
export { expireQuotePayment, fulfilQuotePayment } from "./lifecycle.server";
