import type { ContentImage } from "~/platform/content/content";

/** A brand in the logo carousel. */
export interface BrandLogo {
  name: string;
  logoUrl: string | null;
  image?: ContentImage | null;
}
