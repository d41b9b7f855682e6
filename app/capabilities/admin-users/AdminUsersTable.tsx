import { AdminTable } from "~/platform/admin-kit/AdminTable";
import type { Page } from "~/platform/admin-kit/list";
import { ConfirmButton } from "~/platform/admin-kit/RowActions";
import { formatDate } from "~/platform/lib/dates";

export interface AdminUserRow {
  id: string;
  email: string;
  createdAt: Date | string;
}

export function AdminUsersTable({
  page,
  currentUserId,
}: {
  page: Page<AdminUserRow>;
  currentUserId: string;
}) {
  return (
    <AdminTable
      page={page}
      caption="Admin users"
      searchLabel="Search by email"
      empty="No admin users yet."
      columns={[
        { header: "Email", cell: (row) => row.email },
        { header: "Created", cell: (row) => formatDate(row.createdAt) },
        {
          header: "Actions",
          align: "right",
          cell: (row) =>
            row.id === currentUserId ? (
              <span className="text-xs text-ink-muted">You</span>
            ) : (
              <ConfirmButton
                fields={{ intent: "remove", userId: row.id }}
                title="Remove Admin Privileges?"
                description={`${row.email} will no longer be able to sign in to the admin area. This action cannot be undone.`}
                confirmLabel="Remove Admin"
                label="Remove Admin"
                variant="secondary"
              />
            ),
        },
      ]}
    />
  );
}
