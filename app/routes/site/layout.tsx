import { Outlet } from "react-router";
import { SiteShell } from "~/platform/shell/SiteShell";
import type { Route } from "./+types/layout";

export default function SiteLayout(_props: Route.ComponentProps) {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
