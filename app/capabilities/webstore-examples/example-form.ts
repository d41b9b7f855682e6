import { z } from "zod";
import { optionalRecordId } from "~/platform/admin-kit/fields";
import { IMAGE_ADDRESS_MESSAGE, imageAlt, isImageAddress } from "~/platform/uploads/image-address";
import { exampleMessages as m } from "./messages";

const required = (message: string) => z.string(message).trim().min(1, message).max(2000);

/** The example form as posted (spec §3, §5: every text required, display order at least 1). */
export const exampleForm = z.object({
  id: optionalRecordId,
  headerText: required(m.headerRequired),
  companyName: required(m.companyRequired),
  logoUrl: required(m.logoRequired).refine(isImageAddress, IMAGE_ADDRESS_MESSAGE),
  logoAlt: imageAlt,
  description: required(m.descriptionRequired),
  webstoreUrl: required(m.webstoreRequired).refine((value) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, m.webstoreInvalid),
  displayOrder: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^\d+$/.test(value), m.orderMin)
    .transform((value) => (value ? Number(value) : undefined))
    .refine((value) => value === undefined || (value >= 1 && value <= 100_000), m.orderMin),
  isActive: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});
