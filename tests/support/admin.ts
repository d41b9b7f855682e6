import type { AppLoadContext } from "react-router";
import { action as authAction } from "~/routes/admin/auth";

import { settle } from "./route";

export { settle };

export const TEST_PASSWORD = "correct horse battery";

/** Creates an account directly (no admin is needed to make one in a test). */
export async function createAccount(
  context: AppLoadContext,
  email: string,
  role: "admin" | "user",
  password = TEST_PASSWORD,
) {
  const { user } = await context.services.auth.api.createUser({
    body: { email, password, name: email, role },
  });
  return user;
}

/** A request as a browser on our own site sends it: same Origin, the session cookie if any. */
export function browserRequest(
  context: AppLoadContext,
  pathname: string,
  options: { cookie?: string; form?: Record<string, string>; origin?: string } = {},
) {
  const headers = new Headers();
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.form) headers.set("origin", options.origin ?? context.env.PUBLIC_URL);
  return new Request(context.env.PUBLIC_URL + pathname, {
    method: options.form ? "POST" : "GET",
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
}

/** Signs in through the login form's action; returns the Cookie header a browser would send. */
export async function signIn(context: AppLoadContext, email: string, password = TEST_PASSWORD) {
  const result = await settle(() =>
    authAction({
      request: browserRequest(context, "/admin/auth", { form: { email, password } }),
      context,
      params: {},
    } as never),
  );
  if (!(result instanceof Response) || result.status !== 302) {
    throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
  }
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
