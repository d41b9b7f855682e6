import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { listQueryOf } from "~/features/admin/list";
import { loadOrNull } from "~/features/admin/load.server";
import { RecordDialog, useRecordEditor } from "~/features/admin/RecordDialog";
import { requireAdmin } from "~/features/auth/admin.server";
import { seoMessages } from "~/features/seo/messages";
import { listPageSeo, seoAction } from "~/features/seo/seo-admin.server";
import { SeoFields } from "~/features/seo/SeoFields";
import { type SeoRow, SeoTable } from "~/features/seo/SeoTable";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
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
