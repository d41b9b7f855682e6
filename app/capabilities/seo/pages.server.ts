// The public pages' list stays out of the browser's code: the root loader sends the current
// page's defaults with its data (issue 13).
export { findPublicPage } from "./pages";
