import { eq } from "drizzle-orm";
import type { Database } from "~/platform/db/client.server";
import { siteSettings } from "~/platform/db/schema/index";
import { type Actor, recordAudit } from "~/platform/audit/audit.server";
import { keptPerContentVersion } from "~/platform/content/content-version.server";
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "./settings";
import { siteSettingsSchema } from "./settings-form";

function pick(row: typeof siteSettings.$inferSelect): SiteSettings {
  const { id: _id, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

const keptSettings = keptPerContentVersion("site-settings", readSiteSettings, 1);

/**
 * The settings row, or today's constants when there is none yet. Every page reads them: they are
 * kept per content version, which their edit bumps, so a page rendered for the page cache at a new
 * version never carries settings read before it.
 */
export const getSiteSettings = (db: Database) => keptSettings(db, "row");

async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row ? pick(row) : DEFAULT_SITE_SETTINGS;
}

export type SettingsUpdateResult =
  | { ok: true; settings: SiteSettings }
  | { ok: false; fieldErrors: Partial<Record<keyof SiteSettings, string>> };

/**
 * Validates and saves the whole form; the change and its before/after are audited in the same
 * transaction. Input is the form's fields (strings; the chat switch 'on' or absent).
 */
export async function updateSiteSettings(
  db: Database,
  input: Record<string, unknown>,
  actor: Actor,
): Promise<SettingsUpdateResult> {
  const parsed = siteSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<keyof SiteSettings, string>> = {};
    for (const issue of parsed.error.issues) {
      fieldErrors[issue.path[0] as keyof SiteSettings] ??= issue.message;
    }
    return { ok: false, fieldErrors };
  }
  const next: SiteSettings = parsed.data;
  const saved = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .for("update");
    const [row] = await tx
      .insert(siteSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: siteSettings.id, set: next })
      .returning();
    await recordAudit(tx, actor, {
      action: "update",
      entityType: "site_settings",
      entityId: "1",
      before: current ? pick(current) : DEFAULT_SITE_SETTINGS,
      after: next,
    });
    return pick(row!);
  });
  return { ok: true, settings: saved };
}

/** The first row, from today's constants (run once as a seed). */
export async function seedSiteSettings(db: Database) {
  await db
    .insert(siteSettings)
    .values({ id: 1, ...DEFAULT_SITE_SETTINGS })
    .onConflictDoNothing();
}
