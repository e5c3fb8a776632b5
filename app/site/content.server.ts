// The institute's content as staff have edited it: defaults from app/site/content, overridden
// per key by rows in content_overrides. Read on every public page, so kept in memory and
// refreshed whenever a staff edit is saved. Each save announces the public pages that show the
// key it changed, so only those are rendered again.
import { eq, sql } from "drizzle-orm";
import { contentChanged, contentVersion } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { courses as defaultCourses } from "~/site/content/courses";
import { partners as defaultPartners } from "~/site/content/partners";
import { reviews as defaultReviews } from "~/site/content/reviews";
import type { Course, CourseId, Partner, Picture, Review, SyllabusSection } from "~/site/content/types";
import { pagesShowing } from "~/site/public-pages";
import { contentOverrides } from "../../db/schema";

/** What staff may change about a course. */
export interface CourseEdit {
  title: string;
  summary: string;
  description: string;
  duration: string;
  image?: Picture;
  syllabus: SyllabusSection[];
}

const cache = new WeakMap<AppDatabase, { version: number; overrides: Promise<Map<string, unknown>> }>();

async function overrides(db: AppDatabase): Promise<Map<string, unknown>> {
  const cached = cache.get(db);
  // Any change through any process moves the version (content-version.server.ts).
  if (cached && cached.version === contentVersion()) return cached.overrides;
  const loaded = db
    .select({ key: contentOverrides.key, value: contentOverrides.value })
    .from(contentOverrides)
    .then((rows) => new Map(rows.map((row) => [row.key, row.value])));
  cache.set(db, { version: contentVersion(), overrides: loaded });
  loaded.catch(() => cache.delete(db));
  return loaded;
}

/** Forgets the cached content, e.g. after another process changed it. */
export function forgetContent(db: AppDatabase): void {
  cache.delete(db);
}

/** The public pages that show an override key ("course:<id>", "reviews", "partners"). */
function pagesShowingKey(key: string): string[] {
  if (key.startsWith("course:")) return pagesShowing.course(key.slice("course:".length) as CourseId);
  if (key === "reviews") return pagesShowing.reviews;
  if (key === "partners") return pagesShowing.partners;
  return [];
}

/** The content cache is dropped and the pages showing the key are announced once the write is done. */
function changed(db: AppDatabase, key: string): void {
  forgetContent(db);
  contentChanged(pagesShowingKey(key));
}

async function save(db: AppDatabase, key: string, value: unknown, by: string): Promise<void> {
  await db
    .insert(contentOverrides)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({
      target: contentOverrides.key,
      set: { value: sql`excluded.value`, updatedAt: new Date(), updatedBy: by },
    });
  changed(db, key);
}

export async function getCourses(db: AppDatabase): Promise<Course[]> {
  const stored = await overrides(db);
  return defaultCourses.map((course) => {
    const edit = stored.get(`course:${course.id}`) as Partial<CourseEdit> | undefined;
    return edit ? { ...course, ...edit } : course;
  });
}

export async function getCourse(db: AppDatabase, id: string): Promise<Course | undefined> {
  return (await getCourses(db)).find((course) => course.id === id);
}

export async function saveCourse(db: AppDatabase, id: CourseId, edit: CourseEdit, by: string): Promise<void> {
  await save(db, `course:${id}`, edit, by);
}

export async function getReviews(db: AppDatabase): Promise<Review[]> {
  const stored = (await overrides(db)).get("reviews") as Review[] | undefined;
  return stored ?? defaultReviews;
}

export async function saveReviews(db: AppDatabase, reviews: Review[], by: string): Promise<void> {
  await save(db, "reviews", reviews, by);
}

export async function getPartners(db: AppDatabase): Promise<Partner[]> {
  const stored = (await overrides(db)).get("partners") as Partner[] | undefined;
  return stored ?? defaultPartners;
}

export async function savePartners(db: AppDatabase, partners: Partner[], by: string): Promise<void> {
  await save(db, "partners", partners, by);
}

/** Whether a key has been edited (used to offer "restore the original"). */
export async function isEdited(db: AppDatabase, key: string): Promise<boolean> {
  return (await overrides(db)).has(key);
}

export async function restoreDefault(db: AppDatabase, key: string): Promise<void> {
  await db.delete(contentOverrides).where(eq(contentOverrides.key, key));
  changed(db, key);
}
