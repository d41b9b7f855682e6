import { handleStripeWebhook } from "~/capabilities/checkout/stripe-webhook.server";
import type { Route } from "./+types/stripe-webhook";

const methodNotAllowed = () =>
  new Response("Stripe sends events here with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });

export const loader = methodNotAllowed;

/** POST /webhooks/stripe: the body is read raw, because the signature covers its exact bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const reply = await handleStripeWebhook(
    context,
    await request.text(),
    request.headers.get("stripe-signature"),
  );
  return new Response(reply.body, {
    status: reply.status,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
