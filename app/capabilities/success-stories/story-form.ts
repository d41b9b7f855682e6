import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { isWebLink } from "~/platform/security/site-link";
import { imageAlt, optionalImageAddress } from "~/platform/uploads/image-address";
import { storyMessages as m } from "./messages";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null);

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

/** The success story form as posted, turned into what the table stores (spec §3, §5). */
export const storyForm = z.object({
  id: optionalRecordId,
  title: z.string().trim().min(1, m.required).max(200, "Keep the title under 200 characters."),
  companyName: z.string().trim().min(1, m.required).max(200, "Keep the name under 200 characters."),
  description: z.string().trim().min(1, m.required).max(5000, "Keep it under 5000 characters."),
  imageUrl: optionalImageAddress,
  imageAlt,
  linkText: optionalText,
  linkUrl: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || isWebLink(value),
      "Enter a full web address (https://…) or a path on this site.",
    )
    .transform((value) => value || null),
  isActive: checkbox,
});
