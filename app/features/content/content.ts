import type { PlanName } from "~/features/pricing/plans";
/**
 * What a content read hands a page: the rows, or the fact that the read failed, so each section
 * can show the spec's failure state instead of the whole page failing (spec §8).
 */
export type ContentResult<T> = { ok: true; items: T[] } | { ok: false; items: [] };

/** An uploaded image's web versions and size, so it renders without layout shift. */
export interface ContentImage {
  srcset: string;
  width: number;
  height: number;
  alt: string;
}

export interface Faq {
  id: string;
  question: string;
  /** Sanitized HTML. */
  answer: string;
}

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

export interface WebstoreExample {
  id: string;
  headerText: string;
  companyName: string;
  description: string;
  logoUrl: string;
  webstoreUrl: string;
  image?: ContentImage | null;
}

export interface BrandLogo {
  name: string;
  logoUrl: string | null;
  image?: ContentImage | null;
}

export interface PlanPrice {
  name: PlanName;
  annualPriceCents: number;
}
