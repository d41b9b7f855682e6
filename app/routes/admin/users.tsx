import { useState } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  useFetcher,
  useLoaderData,
} from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/features/admin/AdminShell";
import { ResultNotice, useOnSuccess, useResultToast } from "~/features/admin/feedback";
import { type ActionResult, failed, succeeded } from "~/features/admin/result";
import {
  AdminRuleError,
  addAdminUser,
  listAdminUsers,
  removeAdminRole,
  requireAdmin,
} from "~/features/auth/admin.server";
import { MIN_PASSWORD_LENGTH } from "~/features/auth/roles";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
import { DataTable } from "~/ui/DataTable";
import { ConfirmDialog, Dialog } from "~/ui/Dialog";
import { Alert, Field, Input } from "~/ui/Field";

export const handle: RouteHandle = { title: "Admin: Users", noindex: true };

const FETCH_FAILED = "Failed to fetch admin users";
const REMOVE_FAILED = "Failed to remove admin privileges";
const CREATE_FAILED = "Failed to create admin user";
const MISSING_FIELDS = "Please provide both email and password";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  try {
    return { currentUserId: admin.id, admins: await listAdminUsers(context.db) };
  } catch (error) {
    console.error("admin users load failed", error);
    return { currentUserId: admin.id, admins: null };
  }
}

const addForm = z.object({
  email: z.string().trim().min(1, MISSING_FIELDS).pipe(z.email("Enter a valid email address.")),
  password: z
    .string()
    .min(1, MISSING_FIELDS)
    .min(MIN_PASSWORD_LENGTH, `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`),
});

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const admin = await requireAdmin(request, context);
  const form = Object.fromEntries(await request.formData());

  if (form.intent === "remove") {
    try {
      await removeAdminRole(context.db, admin, String(form.userId ?? ""));
      return succeeded("Admin privileges removed.");
    } catch (error) {
      if (error instanceof AdminRuleError) return failed(`${REMOVE_FAILED}: ${error.message}`);
      console.error("remove admin failed", error);
      return failed(REMOVE_FAILED);
    }
  }

  const parsed = addForm.safeParse(form);
  if (!parsed.success) return failed(parsed.error.issues[0]!.message);
  try {
    const { outcome } = await addAdminUser(context, admin, parsed.data);
    const email = parsed.data.email.toLowerCase();
    if (outcome === "created") return succeeded(`Admin user ${email} created.`);
    if (outcome === "granted") return succeeded(`${email} now has admin privileges.`);
    return succeeded(`${email} is already an admin.`);
  } catch (error) {
    console.error("create admin failed", error);
    return failed(CREATE_FAILED);
  }
}

function formatDate(value: Date | string) {
  return new Date(value).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

function AddAdminDialog() {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  useOnSuccess(fetcher.data, () => setOpen(false));
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.toast?.description : undefined;

  return (
    <>
      <Button onClick={() => setOpen(true)}>Add Admin User</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Add Admin User"
        description="Creates an account with admin privileges. An existing account keeps its password and simply receives the admin role."
      >
        <fetcher.Form method="post" className="space-y-4" key={open ? "open" : "closed"}>
          <input type="hidden" name="intent" value="add" />
          {error && <Alert tone="error">{error}</Alert>}
          <Field label="Email" required>
            {(control) => <Input {...control} type="email" name="email" autoComplete="off" />}
          </Field>
          <Field label="Password" required hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
            {(control) => (
              <Input
                {...control}
                type="password"
                name="password"
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
              />
            )}
          </Field>
          <div className="flex justify-end gap-3">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding..." : "Add Admin"}
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </>
  );
}

function RemoveAdminButton({
  userId,
  email,
  isSelf,
}: {
  userId: string;
  email: string;
  isSelf: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher.data);
  if (isSelf) {
    return <span className="text-xs text-ink-muted">You</span>;
  }
  return (
    <ConfirmDialog
      title="Remove Admin Privileges?"
      description={`${email} will no longer be able to sign in to the admin area. This action cannot be undone.`}
      confirmLabel="Remove Admin"
      onConfirm={() => fetcher.submit({ intent: "remove", userId }, { method: "post" })}
      trigger={
        <Button variant="secondary" size="sm" disabled={fetcher.state !== "idle"}>
          Remove Admin
        </Button>
      }
    />
  );
}

export default function AdminUsers() {
  const { admins, currentUserId } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminPageHeader title="Users" description="People who can sign in to this admin area.">
        <AddAdminDialog />
      </AdminPageHeader>
      <ResultNotice />
      {!admins ? (
        <Alert tone="error">{FETCH_FAILED}</Alert>
      ) : (
        <DataTable
          caption="Admin users"
          rows={admins}
          rowKey={(row) => row.id}
          empty="No admin users yet."
          columns={[
            { header: "Email", cell: (row) => row.email },
            { header: "Created", cell: (row) => formatDate(row.createdAt) },
            {
              header: "Actions",
              align: "right",
              cell: (row) => (
                <RemoveAdminButton
                  userId={row.id}
                  email={row.email}
                  isSelf={row.id === currentUserId}
                />
              ),
            },
          ]}
        />
      )}
    </>
  );
}
