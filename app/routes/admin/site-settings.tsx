import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { settingsMessages } from "~/platform/settings/messages";
import { siteSettingsAction } from "~/platform/settings/settings-admin.server";
import { getSiteSettings } from "~/platform/settings/settings.server";
import { SiteSettingsForm } from "~/platform/settings/SiteSettingsForm";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/site-settings";

export const handle: RouteHandle = { title: "Admin: Site Settings", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    settings: await loadOrNull(context.logger, "site settings", () => getSiteSettings(context.db)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return siteSettingsAction(request, context, await requireAdmin(request, context));
}

export default function AdminSiteSettings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Site Settings"
        description="The company's address, phone, email and links that every page shows."
      />
      <ResultNotice />
      <Loaded value={loaderData.settings} failure={settingsMessages.fetch}>
        {(settings) => <SiteSettingsForm settings={settings} />}
      </Loaded>
    </>
  );
}
