// Where the desk's WhatsApp templates are kept: one row of the site settings, as JSON.
import { eq } from "drizzle-orm";
import type { AppDatabase } from "~/platform/database.server";
import { siteSettings } from "../../../db/schema";
import { checkTemplates, defaultTemplates, type WhatsappTemplate } from "./whatsapp-templates";

const settingKey = "whatsapp_templates";

/** The templates an admin saved, or the default one; a stored value that no longer checks out is skipped. */
export async function loadWhatsappTemplates(db: AppDatabase): Promise<WhatsappTemplate[]> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, settingKey));
  if (!row) return defaultTemplates;
  try {
    const stored = JSON.parse(row.value) as unknown;
    if (!Array.isArray(stored)) return defaultTemplates;
    const rows = stored.map((item) => ({ name: String(item?.name ?? ""), text: String(item?.text ?? "") }));
    const { templates } = checkTemplates(rows);
    return templates.length ? templates : defaultTemplates;
  } catch {
    return defaultTemplates;
  }
}

/** Replaces the templates (already checked with checkTemplates). */
export async function saveWhatsappTemplates(tx: AppDatabase, templates: readonly WhatsappTemplate[]): Promise<void> {
  const value = JSON.stringify(templates);
  await tx
    .insert(siteSettings)
    .values({ key: settingKey, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}
