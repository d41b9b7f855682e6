import { Outlet } from "react-router";
import { SiteShell } from "~/features/shell/SiteShell";
import type { Route } from "./+types/layout";

export default function SiteLayout(_props: Route.ComponentProps) {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
