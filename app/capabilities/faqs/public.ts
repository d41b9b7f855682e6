import { island } from "~/platform/ui/island";

/** What other capabilities and pages use of the FAQs: the public section, as an island. */
export const FaqSection = island(() => import("./FaqSection").then((m) => m.FaqSection));
