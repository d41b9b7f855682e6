import type { Logger } from "pino";
import type { Env } from "../app/platform/config/env.server";
import { site } from "../app/platform/config/site";

const PLACEHOLDER_HOST = /(^|\.)example\.(com|org|net)$/i;

function isPlaceholder(value: string) {
  try {
    const host =
      value.includes("@") && !value.includes("://")
        ? value.split("@")[1]!
        : new URL(value).hostname;
    return PLACEHOLDER_HOST.test(host);
  } catch {
    return false;
  }
}

/** Every setting or company fact still at its shipped placeholder, named so an operator can fix it. */
export function findPlaceholders(env: Env): string[] {
  const found: string[] = [];
  if (!env.COMPANY_INBOX)
    found.push(`COMPANY_INBOX unset: contact notifications go to ${site.email}`);
  if (!env.SMTP_URL) found.push("SMTP_URL unset: emails are stored in the outbox, not sent");
  if (!env.STRIPE_SECRET_KEY) found.push("STRIPE_SECRET_KEY unset: checkout runs in test mode");
  if (/^http:\/\/localhost[:/]/.test(env.PUBLIC_URL + "/"))
    found.push(`PUBLIC_URL unset: links use ${env.PUBLIC_URL}`);
  if (!env.EMAIL_FROM && isPlaceholder(site.email))
    found.push(`EMAIL_FROM unset: emails come from ${site.email}`);
  const facts: [string, string][] = [
    ["site.url", site.url],
    ["site.email", site.email],
    ["site.blogUrl", site.blogUrl],
    ["site.googleReviewsUrl", site.googleReviewsUrl],
    ["site.bookingUrl", site.bookingUrl],
    ["site.intakeFormUrl", site.intakeFormUrl],
    ["site.shop.apparel.url", site.shop.apparel.url],
    ["site.shop.promo.url", site.shop.promo.url],
    ["site.bulk.requestQuoteUrl", site.bulk.requestQuoteUrl],
    ...site.social.map((s): [string, string] => [`site.social ${s.label}`, s.url]),
  ];
  for (const [name, value] of facts)
    if (isPlaceholder(value)) found.push(`${name} is a placeholder (${value})`);
  return found;
}

/** Once, at start-up in production: one warning listing every placeholder still in use. */
export function warnAboutPlaceholders(env: Env, logger: Logger) {
  const placeholders = findPlaceholders(env);
  if (placeholders.length) {
    logger.warn(
      { placeholders },
      `${placeholders.length} placeholder settings still in use in production`,
    );
  }
}
