/** The Success Stories screen's words (spec §5 and §8). */
export const storyMessages = {
  fetch: "Failed to fetch success stories",
  save: "Failed to save success story",
  delete: "Failed to delete success story",
  status: "Failed to update story status",
  move: "Failed to save success story",
  validationTitle: "Validation Error",
  required: "Title, company name and description are required.",
  confirmDelete: "Are you sure you want to delete this success story?",
  created: "Success story created.",
  updated: "Success story updated.",
  deleted: "Success story deleted.",
  activated: "Success story activated.",
  deactivated: "Success story deactivated.",
  moved: "Success story moved.",
};
