import { useNavigate, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/platform/admin-kit/AdminShell";
import { Loaded } from "~/platform/admin-kit/AdminTable";
import { ResultNotice } from "~/platform/admin-kit/feedback";
import { loadOrNull } from "~/platform/admin-kit/load.server";
import { requireAdmin } from "~/platform/auth/admin.server";
import { OutboxTable, ResendButton } from "~/platform/email/OutboxTable";
import {
  loadOpenedEmail,
  loadOutboxScreen,
  outboxAction,
} from "~/platform/email/outbox-screen.server";
import { outboxMessages } from "~/platform/email/outbox-messages";
import type { RouteHandle } from "~/root";
import { Dialog } from "~/platform/ui/Dialog";
import { Alert } from "~/platform/ui/Field";
import { LinkedText } from "~/platform/ui/LinkedText";
import type { Route } from "./+types/email-outbox";

export const handle: RouteHandle = { title: "Admin: Email Outbox", noindex: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const [emails, opened] = await Promise.all([
    loadOrNull(context.logger, "email outbox", () => loadOutboxScreen(context.db, url)),
    url.searchParams.has("id")
      ? loadOrNull(context.logger, "outbox email", () => loadOpenedEmail(context.db, url))
      : Promise.resolve(undefined),
  ]);
  return { emails, opened };
}

export async function action({ request, context }: Route.ActionArgs) {
  return outboxAction(request, context, await requireAdmin(request, context));
}

export default function AdminEmailOutbox({ loaderData }: Route.ComponentProps) {
  const { emails, opened } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete("id");
    navigate(next.size ? `?${next}` : ".", { preventScrollReset: true });
  };
  return (
    <>
      <AdminPageHeader
        title="Email Outbox"
        description="Every email the site sends, with its delivery attempts. A failed email can be sent again."
      />
      <ResultNotice />
      <Loaded value={emails} failure={outboxMessages.fetch}>
        {(page) => <OutboxTable page={page} status={page.status} />}
      </Loaded>
      <Dialog
        open={opened !== undefined}
        onOpenChange={(open) => !open && close()}
        title={opened ? opened.subject : "Email"}
        size="lg"
      >
        {opened ? (
          <div className="space-y-3 text-sm">
            <p className="text-ink-muted">
              To {opened.toAddress} from {opened.fromAddress}
              {opened.replyTo && `, reply to ${opened.replyTo}`} ·{" "}
              {opened.status === "stored" ? outboxMessages.stored : opened.status}
            </p>
            {opened.lastError && <Alert tone="error">{opened.lastError}</Alert>}
            <pre className="max-h-96 overflow-auto rounded-card border border-line bg-surface p-3 font-sans whitespace-pre-wrap">
              <LinkedText text={opened.textBody} />
            </pre>
            {opened.status === "failed" && <ResendButton id={opened.id} subject={opened.subject} />}
          </div>
        ) : (
          <Alert tone="error">{outboxMessages.fetchOne}</Alert>
        )}
      </Dialog>
    </>
  );
}
