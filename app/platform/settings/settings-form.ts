import { z } from "zod";
import { isFullWebAddress } from "~/platform/security/site-link";
import type { SiteSettings } from "./settings";

// The Site Settings form's rules, apart from settings.ts so that every page (which reads the
// settings) does not ship the validation library to the browser.

const required = (message: string, max = 200) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

const link = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} must be at most 2000 characters`)
    .refine(isFullWebAddress, `${label} must be a valid URL (https://...)`);

const optionalLink = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine(
      (value) => value === "" || isFullWebAddress(value),
      `${label} must be a valid URL (https://...)`,
    )
    .transform((value) => value || null)
    .optional()
    .transform((value) => value ?? null);

/** The Site Settings form; every field has its own message. */
export const siteSettingsSchema = z.object({
  street: required("Street address is required"),
  city: required("City is required", 100),
  region: required("State is required", 100),
  postalCode: required("ZIP code is required", 20),
  country: z
    .string()
    .trim()
    .max(2, "Country must be a two-letter code")
    .transform((value) => value.toUpperCase() || "US")
    .optional()
    .transform((value) => value ?? "US"),
  phone: required("Phone number is required", 40).refine(
    (value) => value.replace(/\D/g, "").length >= 10,
    "Phone number must have at least 10 digits",
  ),
  email: required("Email is required").pipe(z.email("Please enter a valid email address")),
  facebookUrl: optionalLink("Facebook link"),
  instagramUrl: optionalLink("Instagram link"),
  linkedinUrl: optionalLink("LinkedIn link"),
  shopUrl: link("Shop link"),
  promoProductsUrl: link("Promo products site link"),
  bookingUrl: link("Booking link"),
  quoteRequestUrl: link("Quote request link"),
  intakeFormUrl: link("Intake form link"),
  reviewsUrl: link("Reviews page link"),
  knowledgeBaseWebsiteUrl: optionalLink("Knowledge base website"),
  chatAssistantEnabled: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true" || value === "1"),
});

export const SITE_SETTINGS_FIELDS = Object.keys(siteSettingsSchema.shape) as Array<
  keyof SiteSettings
>;
