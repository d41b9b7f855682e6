import { Form, Link, data, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { site } from "~/platform/config/site";
import { NOT_ADMIN_ERROR, currentUser, signInAdmin, signOut } from "~/platform/auth/admin.server";
import { safeRedirectTarget } from "~/platform/auth/roles";
import { readForm } from "~/platform/forms/read.server";
import { type FormResult, failed } from "~/platform/forms/result";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import { Alert, Field, Input } from "~/platform/ui/Field";
import type { Route } from "./+types/auth";

export const handle: RouteHandle = { title: "Admin Login", noindex: true };

const MISSING_CREDENTIALS = "Please provide both email and password";

function withCookies(setCookies: string[]) {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await currentUser(request, context);
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get("redirectTo"));
  if (user?.isAdmin) throw redirect(redirectTo);
  if (user) {
    // Spec §2: a signed-in account without the role is signed out and told why.
    const cookies = await signOut(request, context);
    return data({ error: NOT_ADMIN_ERROR }, { headers: withCookies(cookies) });
  }
  return { error: null };
}

const credentials = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs): Promise<FormResult> {
  const { fields: form } = await readForm(request);
  if (form.intent === "logout") {
    const cookies = await signOut(request, context);
    throw redirect("/admin/auth", { headers: withCookies(cookies) });
  }
  const parsed = credentials.safeParse(form);
  // Failures re-render the form with a message, like any other form answer (status 200).
  if (!parsed.success) return failed(MISSING_CREDENTIALS);
  const { email, password, redirectTo } = parsed.data;
  const result = await signInAdmin(request, context, { email, password });
  if (!result.ok) return failed(result.error);
  throw redirect(safeRedirectTarget(redirectTo), { headers: withCookies(result.setCookies) });
}

export default function AdminAuth({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const error = actionData?.toast?.description ?? loaderData.error;

  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center bg-surface px-5 py-16"
    >
      <div className="w-full max-w-sm rounded-panel border border-line bg-white p-8 shadow-card">
        <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
          {site.name}
        </p>
        <h1 className="mt-2 text-2xl font-bold text-ink">Admin Login</h1>
        <p className="mt-1 text-sm text-ink-muted">Sign in to manage the website.</p>
        <Form method="post" noValidate className="mt-6 space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
          {error && <Alert tone="error">{error}</Alert>}
          <Field label="Email" required>
            {(control) => <Input {...control} type="email" name="email" autoComplete="username" />}
          </Field>
          <Field label="Password" required>
            {(control) => (
              <Input {...control} type="password" name="password" autoComplete="current-password" />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Logging in..." : "Log in"}
          </Button>
        </Form>
      </div>
      <Link
        to="/"
        className="mt-6 text-sm font-medium text-ink underline underline-offset-4 hover:text-accent-700"
      >
        Back to homepage
      </Link>
    </main>
  );
}
