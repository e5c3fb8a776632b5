import { eq } from "drizzle-orm";
import { contentChanged } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { courseByKey } from "~/site/course-catalog";
import { pagesShowing } from "~/site/public-pages";
import { courseStartDates, type StartDateKey, startDateKeys } from "../../db/schema";

export type { StartDateKey };
/** Free-text start date per course; null shows "Starting soon". */
export type StartDates = Record<StartDateKey, string | null>;

export async function getStartDates(db: AppDatabase): Promise<StartDates> {
  const rows = await db.select().from(courseStartDates);
  const dates = Object.fromEntries(startDateKeys.map((key) => [key, null])) as StartDates;
  for (const row of rows) if (startDateKeys.includes(row.key)) dates[row.key] = row.startDate;
  return dates;
}

/**
 * Sets a course's start date; null or blank text clears it (the site shows "Starting soon").
 * The pages showing it are announced once it is written. Inside a caller's transaction that is
 * before the commit: the one such caller, the demo content, runs before the site serves pages.
 */
export async function setStartDate(
  db: AppDatabase,
  key: StartDateKey,
  startDate: string | null,
  options: { updatedBy?: string } = {},
): Promise<void> {
  if (!startDateKeys.includes(key)) throw new Error(`Unknown course key for a start date: ${key}`);
  const text = startDate?.trim() ?? "";
  if (text === "") {
    await db.delete(courseStartDates).where(eq(courseStartDates.key, key));
  } else {
    const values = { startDate: text, updatedAt: new Date(), updatedBy: options.updatedBy ?? null };
    await db
      .insert(courseStartDates)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: courseStartDates.key, set: values });
  }
  contentChanged(pagesShowing.startDate(courseByKey(key).pageId));
}
