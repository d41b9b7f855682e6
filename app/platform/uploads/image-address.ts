import { z } from "zod";
import { isWebLink } from "~/platform/security/site-link";
import { MAX_ALT_LENGTH } from "./uploads";

export const IMAGE_ADDRESS_MESSAGE = "Enter a full image address (https://…) or upload an image.";

/** Whether a form's image field holds an uploaded image's path ("/media/…") or a web address. */
export function isImageAddress(value: string) {
  return isWebLink(value);
}

/** An optional image field as posted: empty becomes null. */
export const optionalImageAddress = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isImageAddress(value), IMAGE_ADDRESS_MESSAGE)
  .transform((value) => value || null);

/** An image's alt text as posted (kept with the upload, not the record). */
export const imageAlt = z
  .string()
  .trim()
  .max(MAX_ALT_LENGTH, `Alt text must be at most ${MAX_ALT_LENGTH} characters`)
  .optional()
  .transform((value) => value ?? "");
