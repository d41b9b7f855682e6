/**
 * What a content read hands a page: the rows, or the fact that the read failed, so each section
 * can show the spec's failure state instead of the whole page failing (spec §8).
 */
export type ContentResult<T> = { ok: true; items: T[] } | { ok: false; items: [] };

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
}

export interface WebstoreExample {
  id: string;
  headerText: string;
  companyName: string;
  description: string;
  logoUrl: string;
  webstoreUrl: string;
}

export interface BrandLogo {
  name: string;
  logoUrl: string | null;
}

export interface PlanPrice {
  name: "core" | "pro" | "elite";
  annualPriceCents: number;
}
