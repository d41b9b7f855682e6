import { Outlet } from "react-router";
import { SiteShell } from "~/features/shell/SiteShell";

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
