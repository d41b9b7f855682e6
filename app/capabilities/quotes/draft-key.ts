/** Where the builder keeps its lines between visits (localStorage); the quote's page clears it. */
export const DRAFT_STORAGE_KEY = "merch-simplified:quote-lines:v1";
