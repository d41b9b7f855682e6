import type { Database } from "~/platform/db/client.server";
import { getSiteSettings, updateSiteSettings } from "~/platform/settings/settings.server";

/** Switches the chat assistant on or off through Site Settings' own update, as an admin would. */
export async function setChatAssistant(db: Database, enabled: boolean) {
  const current = await getSiteSettings(db);
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(current)) {
    if (typeof value !== "boolean") input[key] = value ?? "";
  }
  if (enabled) input.chatAssistantEnabled = "on";
  const result = await updateSiteSettings(db, input, {
    id: null,
    email: "owner@example.com",
  });
  if (!result.ok) throw new Error(`settings not saved: ${JSON.stringify(result.fieldErrors)}`);
  return result.settings;
}
