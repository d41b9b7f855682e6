/** The Site Settings screen's words. */
export const settingsMessages = {
  fetch: "Failed to load site settings",
  save: "Failed to save site settings",
  saved: "Site settings saved. Every page shows them from now on.",
  invalid: "Please correct the highlighted fields.",
} as const;
