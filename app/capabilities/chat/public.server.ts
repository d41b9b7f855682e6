/** What other capabilities may use of chat on the server: nothing else of this folder is theirs to import. */
export { transcriptEmail } from "./transcript-email";
