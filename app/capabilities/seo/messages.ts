/** The SEO Settings screen's words (spec §7). */
export const seoMessages = {
  load: "Failed to load SEO settings",
  update: "Failed to update SEO settings",
  create: "Failed to create SEO settings",
  delete: "Failed to delete SEO settings",
  updated: "SEO settings updated successfully",
  created: "Page SEO settings created successfully",
  deleted: "Page SEO settings deleted",
  pathTaken: "This page already has SEO settings: edit them instead.",
};
