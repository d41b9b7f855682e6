// @chunk shell
import { island } from "~/platform/ui/island";
import { SiteHeader } from "./SiteHeader";

/** Below the fold on every page: server-rendered, its code loaded as it nears the viewport. */
const SiteFooter = island(() => import("./SiteFooter").then((m) => m.SiteFooter));

/** Navigation, page content and footer: the frame of every public page. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
