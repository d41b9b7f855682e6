import { ButtonLink } from "~/platform/ui/Button";

/** Inside a page's <main>: what a signed-in person without the admin role sees on any admin page or tool (status 403). */
export function AccessDenied() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center px-5 py-20 text-center">
      <h1 className="text-3xl font-bold text-ink">Access Denied</h1>
      <p className="mt-3 text-ink-muted">You don&apos;t have permission to access this area.</p>
      <ButtonLink to="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </div>
  );
}
