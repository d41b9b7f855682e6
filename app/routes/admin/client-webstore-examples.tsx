import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Client Examples", noindex: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminClientExamples() {
  return <h1 className="text-2xl font-semibold text-ink">Client Examples</h1>;
}
