import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { storyMessages } from "~/capabilities/success-stories/messages";
import { listStories, storyAction } from "~/capabilities/success-stories/story-admin.server";
import { StoryFields } from "~/capabilities/success-stories/StoryFields";
import { type StoryRow, StoryTable } from "~/capabilities/success-stories/StoryTable";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/success-stories";

export const handle: RouteHandle = { title: "Admin: Success Stories", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    stories: await loadOrNull(context.logger, "success stories", () =>
      listStories(context.db, listQueryOf(request)),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return storyAction(request, context, await requireAdmin(request, context));
}

export default function AdminSuccessStories({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<StoryRow>();
  return (
    <>
      <AdminPageHeader
        title="Success Stories"
        description="Client stories shown on the home page, in this order."
      >
        <Button onClick={() => editor.edit(null)}>Add Success Story</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.stories} failure={storyMessages.fetch}>
        {(page) => <StoryTable page={page} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="success-story"
        editor={editor}
        title={(story) => (story ? "Edit Success Story" : "Add Success Story")}
        description="Title, company name and description are required."
        submitLabel={(story) => (story ? "Update Story" : "Create Story")}
      >
        {(story, errors) => <StoryFields story={story} errors={errors} />}
      </RecordDialog>
    </>
  );
}
