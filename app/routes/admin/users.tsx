import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { AddAdminFields } from "~/capabilities/admin-users/AddAdminFields";
import { adminUserMessages } from "~/capabilities/admin-users/messages";
import { adminUsersAction } from "~/capabilities/admin-users/admin-users.server";
import { listAdminUsers, requireAdmin } from "~/platform/auth/admin.server";
import { AdminUsersTable } from "~/capabilities/admin-users/AdminUsersTable";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
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
