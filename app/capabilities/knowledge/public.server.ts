/** What other capabilities may use of knowledge on the server: nothing else of this folder is theirs to import. */
export { retrievePassages, type Passage } from "./retrieval.server";
