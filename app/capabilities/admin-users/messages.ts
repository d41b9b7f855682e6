import { MIN_PASSWORD_LENGTH } from "~/platform/auth/roles";

/** The Users screen's words (spec §6). */
export const adminUserMessages = {
  fetch: "Failed to fetch admin users",
  remove: "Failed to remove admin privileges",
  create: "Failed to create admin user",
  missingFields: "Please provide both email and password",
  invalidEmail: "Enter a valid email address.",
  shortPassword: `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  removed: "Admin privileges removed.",
  created: (email: string) => `Admin user ${email} created.`,
  granted: (email: string) => `${email} now has admin privileges.`,
  alreadyAdmin: (email: string) => `${email} is already an admin.`,
};
