import { requireAdmin } from "~/platform/auth/admin.server";
import { EmailTestPage } from "~/capabilities/email-test/EmailTestPage";
import { senderLines } from "~/capabilities/email-test/email-test.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/test-email";

export const handle: RouteHandle = { title: "Email Test", noindex: true };

// Internal tooling: admins only (ARCHITECTURE.md), unlike the original, which was open to anyone.
// The forms post to /resources/test-email, which checks the admin role again.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return senderLines(context.env);
}

export default function TestEmail({ loaderData }: Route.ComponentProps) {
  return <EmailTestPage from={loaderData.from} replyTo={loaderData.replyTo} />;
}
