import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { listQueryOf } from "~/features/admin/list";
import { loadOrNull } from "~/features/admin/load.server";
import { RecordDialog, useRecordEditor } from "~/features/admin/RecordDialog";
import { AddAdminFields } from "~/features/auth/AddAdminFields";
import { adminUserMessages } from "~/features/auth/admin-user-messages";
import { adminUsersAction } from "~/features/auth/admin-users.server";
import { listAdminUsers, requireAdmin } from "~/features/auth/admin.server";
import { AdminUsersTable } from "~/features/auth/AdminUsersTable";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import type { Route } from "./+types/users";

export const handle: RouteHandle = { title: "Admin: Users", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const admins = await loadOrNull(context.logger, "admin users", () =>
    listAdminUsers(context.db, listQueryOf(request)),
  );
  return { currentUserId: admin.id, admins };
}

export async function action({ request, context }: Route.ActionArgs) {
  return adminUsersAction(request, context, await requireAdmin(request, context));
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<{ id: string }>();
  return (
    <>
      <AdminPageHeader title="Users" description="People who can sign in to this admin area.">
        <Button onClick={() => editor.edit(null)}>Add Admin User</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.admins} failure={adminUserMessages.fetch}>
        {(page) => <AdminUsersTable page={page} currentUserId={loaderData.currentUserId} />}
      </Loaded>
      <RecordDialog
        name="admin-user"
        editor={editor}
        intent="add"
        showFailure
        size="md"
        title={() => "Add Admin User"}
        description="Creates an account with admin privileges. An existing account keeps its password and simply receives the admin role."
        submitLabel={() => "Add Admin"}
        pendingLabel="Adding..."
      >
        {() => <AddAdminFields />}
      </RecordDialog>
    </>
  );
}
