import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { exampleAction, listExamples } from "~/capabilities/webstore-examples/example-admin.server";
import { ExampleFields } from "~/capabilities/webstore-examples/ExampleFields";
import { type ExampleRow, ExampleTable } from "~/capabilities/webstore-examples/ExampleTable";
import { exampleMessages } from "~/capabilities/webstore-examples/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/client-webstore-examples";

export const handle: RouteHandle = { title: "Admin: Client Examples", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    examples: await loadOrNull(context.logger, "webstore examples", () =>
      listExamples(context.db, listQueryOf(request)),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return exampleAction(request, context, await requireAdmin(request, context));
}

export default function AdminClientExamples({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<ExampleRow>();
  const nextOrder = (loaderData.examples?.total ?? 0) + 1;
  return (
    <>
      <AdminPageHeader
        title="Client Webstore Examples"
        description="Client webstores shown on the Webstores page, in this order."
      >
        <Button onClick={() => editor.edit(null)}>Add Example</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.examples} failure={exampleMessages.fetch}>
        {(page) => <ExampleTable page={page} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="webstore-example"
        editor={editor}
        title={(example) => (example ? "Edit Example" : "Add Example")}
        submitLabel={(example) => (example ? "Update Example" : "Create Example")}
      >
        {(example, errors) => (
          <ExampleFields example={example} errors={errors} nextOrder={nextOrder} />
        )}
      </RecordDialog>
    </>
  );
}
