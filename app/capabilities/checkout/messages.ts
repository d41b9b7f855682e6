/** Every message of the checkout, word for word from the spec (§5, §8). */
export const checkoutMessages = {
  emailMissing: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  couponMissing: "Please enter a coupon code",
  couponInvalid: "Invalid or expired coupon code",
  couponExpired: "This coupon has expired",
  couponLookupFailed: "Error validating coupon code",
  // Not in the spec: the per-address limit that stops coupon codes being guessed.
  couponRateLimited: "Too many coupon attempts. Please wait a few minutes and try again.",
  checkoutRateLimited: "Too many checkout attempts. Please wait a few minutes and try again.",
  pricingFailed: "Failed to load pricing details. Please try again.",
  sessionFailed: "Failed to create checkout session. Please try again.",
  noCheckoutUrl: "No checkout URL received",
  popupBlocked: "Popup Blocked: Please allow popups for this site to proceed with checkout.",
} as const;
