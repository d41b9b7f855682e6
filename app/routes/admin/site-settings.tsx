import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { loadOrNull } from "~/features/admin/load.server";
import { requireAdmin } from "~/features/auth/admin.server";
import { settingsMessages } from "~/features/settings/messages";
import { siteSettingsAction } from "~/features/settings/settings-admin.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { SiteSettingsForm } from "~/features/settings/SiteSettingsForm";
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
