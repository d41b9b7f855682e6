import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { seoMessages } from "~/capabilities/seo/messages";
import { listPageSeo, seoAction } from "~/capabilities/seo/seo-admin.server";
import { SeoFields } from "~/capabilities/seo/SeoFields";
import { type SeoRow, SeoTable } from "~/capabilities/seo/SeoTable";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/seo";

export const handle: RouteHandle = { title: "Admin: SEO Settings", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    pages: await loadOrNull(context.logger, "SEO settings", () =>
      listPageSeo(context.db, listQueryOf(request)),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return seoAction(request, context, await requireAdmin(request, context));
}

export default function AdminSeo({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<SeoRow>();
  return (
    <>
      <AdminPageHeader
        title="SEO Settings"
        description="Titles, descriptions and sharing previews per page, served in each page's head."
      >
        <Button onClick={() => editor.edit(null)}>Add New Page</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.pages} failure={seoMessages.load}>
        {(page) => <SeoTable page={page} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="seo"
        editor={editor}
        title={(p) => (p ? "Edit SEO Settings" : "Add New Page SEO")}
        description="What search engines and social networks show for this page."
        submitLabel={() => "Save Changes"}
      >
        {(page, errors) => <SeoFields page={page} errors={errors} />}
      </RecordDialog>
    </>
  );
}
