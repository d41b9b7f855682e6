import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: Success Stories", noindex: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminSuccessStories() {
  return <h1 className="text-2xl font-semibold text-ink">Success Stories</h1>;
}
