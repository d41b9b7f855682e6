import type { AppLoadContext } from "react-router";
import { getAuth } from "~/features/auth/auth.server";
import { action as authAction } from "~/routes/admin/auth";

export const TEST_PASSWORD = "correct horse battery";

/** Creates an account directly (no admin is needed to make one in a test). */
export async function createAccount(
  context: AppLoadContext,
  email: string,
  role: "admin" | "user",
  password = TEST_PASSWORD,
) {
  const { user } = await getAuth(context.db, context.env).api.createUser({
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

/** Runs a loader or action, returning what it returned or the Response it threw. */
export async function settle<T>(run: () => Promise<T> | T): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // React Router's data() throws a DataWithResponseInit: expose its status like a Response.
    if (thrown && typeof thrown === "object" && "init" in thrown) {
      const { init, data } = thrown as unknown as { init: ResponseInit | null; data: unknown };
      return new Response(JSON.stringify(data), {
        status: init?.status ?? 200,
      });
    }
    throw thrown;
  }
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
