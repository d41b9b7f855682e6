import { type AppLoadContext } from "react-router";
import { z } from "zod";
import { attempt, formIntent, parseIntent } from "~/platform/admin-kit/action.server";
import { type FormResult, failed, succeeded } from "~/platform/forms/result";
import {
  type AdminUser,
  AdminRuleError,
  addAdminUser,
  removeAdminRole,
} from "~/platform/auth/admin.server";
import { adminUserMessages as m } from "./messages";
import { MIN_PASSWORD_LENGTH } from "~/platform/auth/roles";

const addForm = z.object({
  email: z.string().trim().min(1, m.missingFields).pipe(z.email(m.invalidEmail)),
  password: z.string().min(1, m.missingFields).min(MIN_PASSWORD_LENGTH, m.shortPassword),
});

const intents = z.discriminatedUnion("intent", [
  formIntent("add"),
  // better-auth's user ids are not UUIDs.
  z.object({ intent: z.literal("remove"), userId: z.string().min(1) }),
]);

/** The Users screen's action: add an admin (or give an account the role), remove the role. */
export async function adminUsersAction(
  request: Request,
  context: Pick<AppLoadContext, "db" | "env" | "logger" | "services">,
  admin: AdminUser,
): Promise<FormResult> {
  const input = await parseIntent(request, intents);
  if (input.intent === "remove") {
    return attempt(
      context.logger,
      "remove admin",
      m.remove,
      async () => {
        await removeAdminRole(context.db, admin, input.userId);
        return succeeded(m.removed);
      },
      (error) =>
        error instanceof AdminRuleError ? failed(`${m.remove}: ${error.message}`) : undefined,
    );
  }
  // Both fields missing or either one: the spec's one message, whichever the browser sent.
  const parsed = addForm.safeParse({ email: input.email ?? "", password: input.password ?? "" });
  if (!parsed.success) return failed(parsed.error.issues[0]!.message);
  return attempt(context.logger, "create admin", m.create, async () => {
    const { outcome } = await addAdminUser(context, admin, parsed.data);
    const email = parsed.data.email.toLowerCase();
    if (outcome === "created") return succeeded(m.created(email));
    if (outcome === "granted") return succeeded(m.granted(email));
    return succeeded(m.alreadyAdmin(email));
  });
}
