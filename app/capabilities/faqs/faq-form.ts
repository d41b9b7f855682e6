import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { FAQ_PAGES } from "./messages";

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

const pages = FAQ_PAGES.map(([value]) => value) as [string, ...string[]];

/** The FAQ form as posted. Spec §5: no required-field check; only sizes are bounded. */
export const faqForm = z.object({
  id: optionalRecordId,
  question: z
    .string()
    .trim()
    .max(500, "Keep the question under 500 characters.")
    .optional()
    .transform((value) => value ?? ""),
  answer: z
    .string()
    .trim()
    .max(10_000, "Keep the answer under 10,000 characters.")
    .optional()
    .transform((value) => value ?? ""),
  page: z
    .string()
    .optional()
    .transform((value) => value || "index")
    .pipe(z.enum(pages, "Choose the page the FAQ appears on."))
    .transform((value) => value as (typeof FAQ_PAGES)[number][0]),
  isActive: checkbox,
});
