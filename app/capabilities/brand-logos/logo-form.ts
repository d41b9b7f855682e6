import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { imageAlt, optionalImageAddress } from "~/platform/uploads/image-address";
import { logoMessages as m } from "./messages";

/** The brand logo form as posted (spec §5: the name trimmed and non-empty). */
export const logoForm = z.object({
  id: optionalRecordId,
  name: z
    .string(m.nameRequired)
    .trim()
    .min(1, m.nameRequired)
    .max(100, "Keep the brand name under 100 characters."),
  logoUrl: optionalImageAddress,
  logoAlt: imageAlt,
  active: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
