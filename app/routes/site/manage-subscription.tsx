import { data, redirect } from "react-router";
import type { RouteHandle } from "~/root";
import { readForm, textField } from "~/platform/forms/read.server";
import { failed, succeeded } from "~/platform/forms/result";
import {
  changeTestSubscription,
  openManageLink,
  requestManageLink,
} from "~/capabilities/subscriptions/manage.server";
import { ManageSubscriptionPage } from "~/capabilities/subscriptions/ManageSubscriptionPage";
import type { Route } from "./+types/manage-subscription";

export const handle: RouteHandle = { title: "Manage your subscription", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (!token) return { refusal: null, subscription: null };
  const outcome = await openManageLink(context, token);
  switch (outcome.kind) {
    case "portal":
      // The provider's own page: the same-origin rule is for our return_url, not for this.
      throw redirect(outcome.url);
    case "test":
      return {
        refusal: null,
        subscription: outcome.subscription,
        token,
        confirmCancel: new URL(request.url).searchParams.get("confirm") === "cancel",
      };
    case "unavailable":
      return data({ refusal: outcome.message, subscription: null }, { status: 503 });
    case "refused":
      return data(
        { refusal: outcome.message, subscription: null },
        { status: outcome.reason === "expired" ? 410 : 403 },
      );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { fields } = await readForm(request);
  const intent = fields.intent;
  if (intent === "request-link") {
    const result = await requestManageLink(context, textField(fields, "email"));
    if (result.ok) return succeeded(result.message);
    return data(failed(result.message, { fieldErrors: { email: result.message } }), {
      status: result.retryAfterSeconds ? 429 : 400,
      headers: result.retryAfterSeconds
        ? { "Retry-After": String(result.retryAfterSeconds) }
        : undefined,
    });
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (intent !== "cancel" && intent !== "resume") {
    return data(failed(), { status: 400 });
  }
  if (!(await changeTestSubscription(context, token, intent === "cancel"))) {
    return data(failed(), { status: 403 });
  }
  throw redirect(`/subscription/manage?token=${encodeURIComponent(token)}`);
}

export default function ManageSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ManageSubscriptionPage
      refusal={loaderData.refusal}
      subscription={loaderData.subscription}
      linkMessage={(actionData?.ok && actionData.toast?.description) || null}
      linkError={(actionData?.ok === false && actionData.toast?.description) || null}
      token={"token" in loaderData ? loaderData.token : undefined}
      confirmCancel={"confirmCancel" in loaderData && loaderData.confirmCancel}
    />
  );
}
