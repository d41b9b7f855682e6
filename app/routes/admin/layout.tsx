import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { AdminShell } from "~/platform/admin-kit/AdminShell";
import { requireAdmin } from "~/platform/auth/admin.server";
import { ACCESS_DENIED_STATUS } from "~/platform/auth/roles";
import { AccessDenied } from "~/platform/shell/error-pages";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return { email: admin.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { email } = loaderData;
  return (
    <AdminShell email={email}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === ACCESS_DENIED_STATUS) {
    return (
      <main id="main" className="bg-surface">
        <AccessDenied />
      </main>
    );
  }
  // Anything else is the root's "Something went wrong" page.
  throw error;
}
