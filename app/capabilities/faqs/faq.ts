/** An FAQ as the public pages show it. */
export interface Faq {
  id: string;
  question: string;
  /** Sanitized HTML. */
  answer: string;
}
