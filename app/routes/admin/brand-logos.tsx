import { useLocation, useNavigation } from "react-router";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { listLogos, logoAction } from "~/capabilities/brand-logos/logo-admin.server";
import { LogoCards, type LogoRow } from "~/capabilities/brand-logos/LogoCards";
import { LogoFields } from "~/capabilities/brand-logos/LogoFields";
import { logoMessages } from "~/capabilities/brand-logos/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/brand-logos";

export const handle: RouteHandle = { title: "Admin: Brand Logos", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    logos: await loadOrNull(context.logger, "brand logos", () => listLogos(context.db)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return logoAction(request, context, await requireAdmin(request, context));
}

export default function AdminBrandLogos({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<LogoRow>();
  const navigation = useNavigation();
  const location = useLocation();
  // The list is being read again (a reload of this screen): say so rather than show stale cards.
  const arriving =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <>
      <AdminPageHeader
        title="Brand Logos"
        description="Manage the brand logos shown in the 'Popular Brands We Source' section of the site."
      >
        <Button onClick={() => editor.edit(null)}>Add Brand Logo</Button>
      </AdminPageHeader>
      <ResultNotice />
      {arriving ? (
        <p role="status" className="text-ink-muted">
          Loading...
        </p>
      ) : (
        <Loaded value={loaderData.logos} failure={logoMessages.fetch}>
          {(logos) => <LogoCards logos={logos} onEdit={editor.edit} />}
        </Loaded>
      )}
      <RecordDialog
        name="brand-logo"
        editor={editor}
        title={() => "Add or Edit Brand Logo"}
        submitLabel={(logo) => (logo ? "Update" : "Add")}
        size="md"
      >
        {(logo, errors) => <LogoFields logo={logo} errors={errors} />}
      </RecordDialog>
    </>
  );
}
