// @chunk shell
import { island } from "~/platform/ui/island";

// Error pages are rare: their code loads only when one is shown (issue 13). The root's error
// boundary and the routes that show them use these same islands, so every import of the pages is
// dynamic and they stay out of the first load.
export const NotFound = island(() => import("./NotFound").then((m) => m.NotFound));
export const AccessDenied = island(() =>
  import("~/platform/admin-kit/AccessDenied").then((m) => m.AccessDenied),
);
