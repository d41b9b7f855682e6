import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { isFullWebAddress } from "~/platform/security/site-link";

export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);

const optionalUrl = optionalText.refine(
  (value) => value === null || isFullWebAddress(value),
  "Enter a full address starting with https:// (or http://).",
);

/** Spec §5: split on commas, trimmed, empty entries dropped. */
export function parseKeywords(value: string | undefined) {
  return (value ?? "")
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

/** The SEO form as posted. The page path is only read when a record is created (spec §5). */
export const seoForm = z
  .object({
    id: optionalRecordId,
    pagePath: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || v === "" || /^\/[^\s?#]*$/.test(v), {
        message: "The page path starts with / and has no spaces, for example /about.",
      }),
    pageName: z.string().trim().min(1, "Page name is required."),
    title: z
      .string()
      .trim()
      .min(1, "Title tag is required.")
      .max(SEO_TITLE_MAX, `Keep the title tag to ${SEO_TITLE_MAX} characters or fewer.`),
    metaDescription: optionalText.refine(
      (value) => value === null || value.length <= SEO_DESCRIPTION_MAX,
      `Keep the meta description to ${SEO_DESCRIPTION_MAX} characters or fewer.`,
    ),
    metaKeywords: z.string().optional().transform(parseKeywords),
    ogTitle: optionalText,
    ogDescription: optionalText,
    ogImageUrl: optionalUrl,
    twitterTitle: optionalText,
    twitterDescription: optionalText,
    twitterImageUrl: optionalUrl,
    canonicalUrl: optionalUrl,
  })
  .superRefine((form, ctx) => {
    if (!form.id && !form.pagePath) {
      ctx.addIssue({ code: "custom", path: ["pagePath"], message: "Page path is required." });
    }
  });

export type SeoFormValues = z.output<typeof seoForm>;
