import { data } from "react-router";
import { requireAdmin } from "~/platform/auth/admin.server";
import { readForm } from "~/platform/forms/read.server";
import { sendTestEmail } from "~/capabilities/email-test/email-test.server";
import type { Route } from "./+types/test-email";

/** POST from the /test-email page (admins only): queues a test email and answers JSON. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { fields } = await readForm(request);
  const { status, body } = await sendTestEmail(context, fields);
  return data(body, { status });
}
