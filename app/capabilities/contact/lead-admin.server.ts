import type { AppLoadContext } from "react-router";
import { z } from "zod";
import {
  type FormResult,
  attempt,
  failed,
  formIntent,
  listQueryOf,
  parseIntent,
  statusOf,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { LEAD_STATUSES } from "./leads";
import { listLeads } from "./leads.server";
import { leadMessages as m } from "./lead-messages";
import { updateLead } from "./leads.server";

/** The Leads screen's list: `?q=&status=&page=` from the URL, newest first. */
export async function loadLeadsPage(db: AppLoadContext["db"], url: URL) {
  const status = statusOf(url, LEAD_STATUSES);
  return { ...(await listLeads(db, { ...listQueryOf(url), status })), status };
}

const intents = z.discriminatedUnion("intent", [formIntent("save")]);
const leadId = z.object({ id: z.uuid() });

/** Marks a lead handled (or new again) and keeps the sales team's note; audited. */
export async function leadAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  const id = leadId.safeParse(input);
  if (!id.success) return failed(m.missing);
  return attempt(logger, "lead update", m.save, async () => {
    const result = await updateLead(db, admin, id.data.id, {
      status: input.status,
      note: input.note,
    });
    if (result.ok) return succeeded(m.updated);
    if (result.reason === "not-found") return failed(m.missing);
    return failed(Object.values(result.fieldErrors)[0]!, { fieldErrors: result.fieldErrors });
  });
}
