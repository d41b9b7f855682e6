/** Spec §2 and §8, word for word. */
export const chatMessagesText = {
  search: "Search by session ID, email, or name...",
  noConversations: "No conversations yet",
  noMatches: "No conversations found matching your search",
  noMessages: "No messages in this conversation",
  selectTitle: "Select a Conversation",
  selectHint: "Choose a conversation from the list to view its messages",
  loading: "Loading conversations...",
  fetch: "Failed to load chat conversations",
  fetchMessages: "Failed to load messages",
  delete: "Failed to delete conversation",
  deleted: "Conversation deleted successfully",
} as const;
