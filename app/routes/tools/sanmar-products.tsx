import type { LoaderFunctionArgs } from "react-router";
import { requireAdmin } from "~/features/auth/admin.server";
import type { RouteHandle } from "~/root";
import { PageIntro } from "~/ui/Container";

export const handle: RouteHandle = { title: "SanMar Products", noindex: true };

// Internal tooling: admins only (ARCHITECTURE.md), unlike the original, which was open to anyone.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

export default function SanMarProductsPage() {
  return (
    <PageIntro
      eyebrow="Supplier tools"
      title="SanMar Products"
      lead="Products and data files from the SanMar file server."
    />
  );
}
