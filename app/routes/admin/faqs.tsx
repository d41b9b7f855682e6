import { useEffect, useRef } from "react";
import { redirect, useFetcher, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { listQueryOf } from "~/platform/admin-kit/list";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { DEFAULT_PAGE_SIZE } from "~/platform/admin-kit/records.server";
import type { FormResult } from "~/platform/forms/result";
import { RecordDialog, useRecordEditor } from "~/platform/admin-kit/RecordDialog";
import { requireAdmin } from "~/platform/auth/admin.server";
import { faqAction, listFaqs, locateFaq } from "~/capabilities/faqs/faq-admin.server";
import { FaqFields } from "~/capabilities/faqs/FaqFields";
import { type FaqRow, FaqTable } from "~/capabilities/faqs/FaqTable";
import { faqMessages, faqPageOf } from "~/capabilities/faqs/messages";
import type { RouteHandle } from "~/root";
import { Button } from "~/platform/ui/Button";
import type { Route } from "./+types/faqs";

export const handle: RouteHandle = { title: "Admin: FAQs", noindex: true };

const uuid = z.uuid();

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  // `?show=<id>` (after 'FAQ created.'): open the FAQ's page of the list, with it highlighted.
  const show = uuid.safeParse(url.searchParams.get("show"));
  if (show.success) {
    const found = await locateFaq(context.db, show.data, DEFAULT_PAGE_SIZE);
    const next = new URLSearchParams();
    if (found) {
      next.set("shownOn", found.shownOn);
      if (found.listPage > 1) next.set("page", String(found.listPage));
      next.set("highlight", show.data);
    }
    throw redirect(next.size ? `?${next}` : url.pathname);
  }
  const shownOn = faqPageOf(url.searchParams.get("shownOn"));
  return {
    faqs: await loadOrNull(context.logger, "faqs", () =>
      listFaqs(context.db, listQueryOf(url), shownOn),
    ),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return faqAction(request, context, await requireAdmin(request, context));
}

export default function AdminFaqs({ loaderData }: Route.ComponentProps) {
  const editor = useRecordEditor<FaqRow>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const saved = useFetcher<FormResult>({ key: "faq-save" }).data;
  const shown = useRef<FormResult | undefined>(undefined);
  useEffect(() => {
    if (saved?.ok && saved.id && shown.current !== saved) {
      shown.current = saved;
      navigate(`?show=${saved.id}`, { preventScrollReset: true });
    }
  }, [saved, navigate]);
  return (
    <>
      <AdminPageHeader title="FAQs" description="Questions and answers shown on the site's pages.">
        <Button onClick={() => editor.edit(null)}>Add FAQ</Button>
      </AdminPageHeader>
      <ResultNotice />
      <Loaded value={loaderData.faqs} failure={faqMessages.fetch}>
        {(page) => (
          <FaqTable
            page={page}
            shownOn={page.shownOn}
            highlight={params.get("highlight") ?? undefined}
            onEdit={editor.edit}
          />
        )}
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
