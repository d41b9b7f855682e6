import type { ContentImage } from "~/platform/content/content";

/** A success story as the public pages show it. */
export interface SuccessStory {
  id: string;
  title: string;
  companyName: string;
  description: string;
  imageUrl: string | null;
  linkUrl: string | null;
  linkText: string | null;
  image?: ContentImage | null;
}
