import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { faqAction, listFaqs } from "~/capabilities/faqs/faq-admin.server";
import { FaqFields } from "~/capabilities/faqs/FaqFields";
import { type FaqRow, FaqTable } from "~/capabilities/faqs/FaqTable";
import { faqMessages } from "~/capabilities/faqs/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/faqs";

export const handle: RouteHandle = { title: "Admin: FAQs", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    faqs: await loadOrNull(context.logger, "faqs", () =>
      listFaqs(context.db, listQueryOf(request)),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return faqAction(request, context, await requireAdmin(request, context));
}

export default function AdminFaqs({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<FaqRow>();
  return (
    <>
      <AdminPageHeader title="FAQs" description="Questions and answers shown on the site's pages.">
        <Button onClick={() => editor.edit(null)}>Add FAQ</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.faqs} failure={faqMessages.fetch}>
        {(page) => <FaqTable page={page} onEdit={editor.edit} />}
      </Loaded>
      <RecordDialog
        name="faq"
        editor={editor}
        title={(faq) => (faq ? "Edit FAQ" : "Add FAQ")}
        submitLabel={(faq) => (faq ? "Update FAQ" : "Create FAQ")}
      >
        {(faq, errors) => <FaqFields faq={faq} errors={errors} />}
      </RecordDialog>
    </>
  );
}
