import { data, redirect } from "react-router";
import type { RouteHandle } from "~/root";
import { readFormFields } from "~/platform/security/form-text";
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
  const fields = await readFormFields(request);
  const intent = fields.intent;
  if (intent === "request-link") {
    const result = await requestManageLink(
      context,
      typeof fields.email === "string" ? fields.email : "",
    );
    if (result.ok) return { linkMessage: result.message, linkError: null };
    return data(
      { linkMessage: null, linkError: result.message },
      {
        status: result.retryAfterSeconds ? 429 : 400,
        headers: result.retryAfterSeconds
          ? { "Retry-After": String(result.retryAfterSeconds) }
          : undefined,
      },
    );
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (intent !== "cancel" && intent !== "resume") {
    return data({ linkMessage: null, linkError: null }, { status: 400 });
  }
  if (!(await changeTestSubscription(context, token, intent === "cancel"))) {
    return data({ linkMessage: null, linkError: null }, { status: 403 });
  }
  throw redirect(`/subscription/manage?token=${encodeURIComponent(token)}`);
}

export default function ManageSubscription({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ManageSubscriptionPage
      refusal={loaderData.refusal}
      subscription={loaderData.subscription}
      linkMessage={actionData?.linkMessage ?? null}
      linkError={actionData?.linkError ?? null}
      token={"token" in loaderData ? loaderData.token : undefined}
      confirmCancel={"confirmCancel" in loaderData && loaderData.confirmCancel}
    />
  );
}
