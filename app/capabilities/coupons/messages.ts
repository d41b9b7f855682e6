/** The Coupons screen's words (spec §7). */
export const couponMessages = {
  fetch: "Failed to fetch coupon codes",
  save: "Failed to save coupon code",
  delete: "Failed to delete coupon",
  status: "Failed to update coupon status",
  checkout: "Failed to update coupon checkout status",
  duplicateTitle: "Duplicate Coupon",
  duplicate: "This coupon code already exists.",
  created: "Coupon code created.",
  updated: "Coupon code updated.",
  deleted: "Coupon deleted.",
  activated: "Coupon activated.",
  deactivated: "Coupon deactivated.",
  allowed: "Coupon is now allowed on checkout.",
  hidden: "Coupon is now hidden from checkout.",
};
