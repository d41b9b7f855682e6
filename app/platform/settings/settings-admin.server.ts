import type { AppLoadContext } from "react-router";
import {
  type FormResult,
  attempt,
  failed,
  formIntent,
  parseIntent,
  succeeded,
} from "~/platform/admin-kit/kit.server";
import type { Actor } from "~/platform/audit/audit.server";
import { updateSiteSettings } from "./settings.server";
import { settingsMessages } from "./messages";
import { SITE_SETTINGS_FIELDS } from "./settings-form";

const m = settingsMessages;

/** Saves the whole Site Settings form (validated field by field); audited. */
export async function siteSettingsAction(
  request: Request,
  { db, logger }: Pick<AppLoadContext, "db" | "logger">,
  admin: Actor,
): Promise<FormResult> {
  const input = await parseIntent(request, formIntent("save"));
  // Only the settings' own fields; an unchecked switch is simply absent (off).
  const fields = Object.fromEntries(
    SITE_SETTINGS_FIELDS.filter((name) => name in input).map((name) => [name, input[name]]),
  );
  return attempt(logger, "site settings save", m.save, async () => {
    const result = await updateSiteSettings(db, fields, admin);
    if (result.ok) return succeeded(m.saved);
    return failed(m.invalid, { fieldErrors: result.fieldErrors as Record<string, string> });
  });
}
