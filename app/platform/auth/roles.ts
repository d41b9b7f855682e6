import { safeRedirectPath } from "~/platform/security/safe-redirect";

/** The one role of the back office (spec §6). */
export const ADMIN_ROLE = "admin";

/** Matches ADMIN_PASSWORD's rule in the environment. */
export const MIN_PASSWORD_LENGTH = 12;

/** Status of the 'Access Denied' page: signed in, but not allowed. */
export const ACCESS_DENIED_STATUS = 403;

/** better-auth's admin plugin stores several roles comma-separated. */
export function hasAdminRole(role: string | null | undefined) {
  return Boolean(role?.split(",").some((r) => r.trim() === ADMIN_ROLE));
}

export function loginPath(redirectTo: string) {
  return `/admin/auth?redirectTo=${encodeURIComponent(redirectTo)}`;
}

/** Only paths inside this site, so the login page cannot be used to send people elsewhere. */
export function safeRedirectTarget(value: string | null | undefined) {
  return safeRedirectPath(value, "/admin");
}
