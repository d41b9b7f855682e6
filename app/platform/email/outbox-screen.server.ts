import type { AppLoadContext } from "react-router";
import { z } from "zod";
import {
  type FormResult,
  attempt,
  failed,
  listQueryOf,
  parseIntent,
  recordId,
  statusOf,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { outboxMessages } from "./outbox-messages";
import { EMAIL_STATUSES, getOutboxEmail, listOutbox, resendEmail } from "./outbox-admin.server";

const m = outboxMessages;

const uuid = z.uuid();

/** The list (`?q=&status=&page=`) and, with `?id=`, the email opened over it. */
export async function loadOutboxScreen(db: AppLoadContext["db"], url: URL) {
  const status = statusOf(url, EMAIL_STATUSES);
  return { ...(await listOutbox(db, { ...listQueryOf(url), status })), status };
}

/** The email `?id=` names, null when there is none or it is gone. */
export async function loadOpenedEmail(db: AppLoadContext["db"], url: URL) {
  const id = uuid.safeParse(url.searchParams.get("id"));
  return id.success ? getOutboxEmail(db, id.data) : null;
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), id: recordId }),
]);

/** 'Send again': a failed email goes back in the queue; audited. */
export async function outboxAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  return attempt(logger, "email resend", m.resend, async () => {
    const result = await resendEmail(db, admin, input.id);
    if (result.ok) return succeeded(m.resent);
    return failed(result.reason === "not-found" ? m.missing : m.notFailed);
  });
}
