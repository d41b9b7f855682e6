import { AdminPageHeader } from "~/features/admin/AdminShell";
import { Loaded } from "~/features/admin/AdminTable";
import { ResultNotice } from "~/features/admin/feedback";
import { listQueryOf } from "~/features/admin/list";
import { loadOrNull } from "~/features/admin/load.server";
import { RecordDialog, useRecordEditor } from "~/features/admin/RecordDialog";
import { requireAdmin } from "~/features/auth/admin.server";
import { exampleAction, listExamples } from "~/features/webstore-examples/example-admin.server";
import { ExampleFields } from "~/features/webstore-examples/ExampleFields";
import { type ExampleRow, ExampleTable } from "~/features/webstore-examples/ExampleTable";
import { exampleMessages } from "~/features/webstore-examples/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/ui/Button";
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
