import type { ContentImage } from "~/platform/content/content";

/** A client webstore example as the public pages show it. */
export interface WebstoreExample {
  id: string;
  headerText: string;
  companyName: string;
  description: string;
  logoUrl: string;
  webstoreUrl: string;
  image?: ContentImage | null;
}
