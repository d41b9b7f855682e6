import { handleStripeWebhook } from "~/features/checkout/stripe-webhook.server";
import type { Route } from "./+types/stripe-webhook";

/** POST /webhooks/stripe: the body is read raw, because the signature covers its exact bytes. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
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
