import { Link, Outlet } from "react-router";
import { site } from "~/config/site";

export default function AdminLayout() {
  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-4">
          <span className="font-semibold text-ink">{site.name} Admin</span>
          <Link to="/" className="text-sm font-medium text-ink underline-offset-4 hover:underline">
            View Site
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-6 py-8">
        <Outlet />
      </main>
    </div>
  );
}
