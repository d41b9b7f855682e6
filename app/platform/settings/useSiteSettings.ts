// @chunk shell
import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_SETTINGS, type SiteSettings, phoneHref } from "./settings";

/**
 * The site settings the root loader read for this request; today's constants before it has run
 * (or when the read failed), so a page always has an address and links to show.
 */
export function useSiteSettings(): SiteSettings & {
  phoneHref: string;
  social: Array<{ label: string; url: string }>;
} {
  const data = useRouteLoaderData("root") as { settings?: SiteSettings } | undefined;
  const settings = data?.settings ?? DEFAULT_SITE_SETTINGS;
  const social = [
    { label: "Facebook", url: settings.facebookUrl },
    { label: "Instagram", url: settings.instagramUrl },
    { label: "LinkedIn", url: settings.linkedinUrl },
  ].filter((link): link is { label: string; url: string } => Boolean(link.url));
  return { ...settings, phoneHref: phoneHref(settings.phone), social };
}
