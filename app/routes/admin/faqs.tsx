import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin: FAQs", noindex: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function AdminFaqs() {
  return <h1 className="text-2xl font-semibold text-ink">FAQs</h1>;
}
