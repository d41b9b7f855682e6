// @chunk plans
/** The cards the built-in test-mode payment page understands, shown on the page itself. */
export const TEST_MODE_LABEL = "Test mode — no real payment";

export const TEST_CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
} as const;

export const testCardMessages = {
  cardMissing: "Please enter a card number",
  declined: "Your card was declined. No payment was taken. Try the test card 4242 4242 4242 4242.",
  unknownCard:
    "Test mode accepts only the test cards listed on this page. Use 4242 4242 4242 4242 to complete the payment.",
} as const;

export type TestCardOutcome = "paid" | keyof typeof testCardMessages;

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (!digits) return "cardMissing";
  if (digits === TEST_CARDS.success.replace(/ /g, "")) return "paid";
  if (digits === TEST_CARDS.declined.replace(/ /g, "")) return "declined";
  return "unknownCard";
}
