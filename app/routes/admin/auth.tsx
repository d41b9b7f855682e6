import { Link } from "react-router";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { title: "Admin Login", noindex: true };

export default function AdminAuth() {
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-surface px-6"
    >
      <h1 className="text-2xl font-semibold text-ink">Admin Login</h1>
      <Link to="/" className="text-sm text-ink underline underline-offset-4">
        Back to homepage
      </Link>
    </main>
  );
}
