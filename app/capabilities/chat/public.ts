/** What other capabilities may use of chat: nothing else of this folder is theirs to import. */
export { default as ChatPanel } from "./ChatPanel";
