import { island } from "~/platform/ui/island";

/** What pages use of the contact capability: the contact section (form and chat), as an island. */
export const ContactSection = island(() =>
  import("./ContactSection").then((m) => m.ContactSection),
);
