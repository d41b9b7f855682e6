/** The Leads screen's words (beyond the spec, in its style). */
export const leadMessages = {
  fetch: "Failed to load leads",
  save: "Failed to update lead",
  updated: "Lead updated successfully",
  missing: "This lead no longer exists. Reload the page.",
} as const;
