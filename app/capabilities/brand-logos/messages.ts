/** The Brand Logos screen's words (spec §2, §5 and §8). */
export const logoMessages = {
  fetch: "Failed to fetch brand logos.",
  save: "Failed to save brand logo.",
  delete: "Failed to delete brand logo.",
  update: "Failed to update brand logo.",
  nameRequired: "Brand name is required.",
  confirmDelete: "Are you sure you want to delete this brand logo?",
  created: "Brand logo added successfully.",
  updated: "Brand logo updated successfully.",
  deleted: "Brand logo deleted successfully.",
  activated: "Brand logo activated successfully.",
  deactivated: "Brand logo deactivated successfully.",
  moved: "Brand logo updated successfully.",
};
