// The institute's content as staff have edited it: defaults from app/site/content, overridden
// per key by rows in content_overrides. Read on every public page, so kept in memory and
// refreshed whenever a staff edit is saved. Each save announces the public pages that show the
// key it changed, so only those are rendered again.
import { eq, sql } from "drizzle-orm";
import { contentChanged, contentVersion } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { logFault } from "~/platform/error-log.server";
import { type Branch, type BranchDetails, type BranchKey, defaultBranches, withEdit } from "~/site/branches";
import { courses as defaultCourses } from "~/site/content/courses";
import { partners as defaultPartners } from "~/site/content/partners";
import { reviews as defaultReviews } from "~/site/content/reviews";
import type { Course, CourseId, Partner, Picture, Review, SyllabusSection } from "~/site/content/types";
import { pagesShowing } from "~/site/public-pages";
import { type AuditRecord, auditedChange } from "~/staff/audit-log.server";
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
  if (key === headlineNumbersKey) return pagesShowing.headlineNumbers;
  if (key.startsWith("branch:")) return pagesShowing.branches;
  return [];
}

/**
 * Runs a content write, with its audit entry in the same transaction when there is one; then
 * drops the content cache and announces the pages showing the key.
 */
async function write(db: AppDatabase, key: string, change: (tx: AppDatabase) => Promise<unknown>, audit?: AuditRecord) {
  await (audit ? auditedChange(db, change, audit) : change(db));
  // After the commit: a page read in between would otherwise keep the old content cached.
  forgetContent(db);
  contentChanged(pagesShowingKey(key));
}

async function save(db: AppDatabase, key: string, value: unknown, by: string, audit?: AuditRecord): Promise<void> {
  await write(
    db,
    key,
    (tx) =>
      tx
        .insert(contentOverrides)
        .values({ key, value, updatedBy: by })
        .onConflictDoUpdate({
          target: contentOverrides.key,
          set: { value: sql`excluded.value`, updatedAt: new Date(), updatedBy: by },
        }),
    audit,
  );
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

export async function saveCourse(
  db: AppDatabase,
  id: CourseId,
  edit: CourseEdit,
  by: string,
  audit?: AuditRecord,
): Promise<void> {
  await save(db, `course:${id}`, edit, by, audit);
}

export async function getReviews(db: AppDatabase): Promise<Review[]> {
  const stored = (await overrides(db)).get("reviews") as Review[] | undefined;
  return stored ?? defaultReviews;
}

export async function saveReviews(db: AppDatabase, reviews: Review[], by: string, audit?: AuditRecord): Promise<void> {
  await save(db, "reviews", reviews, by, audit);
}

export async function getPartners(db: AppDatabase): Promise<Partner[]> {
  const stored = (await overrides(db)).get("partners") as Partner[] | undefined;
  return stored ?? defaultPartners;
}

export async function savePartners(
  db: AppDatabase,
  partners: Partner[],
  by: string,
  audit?: AuditRecord,
): Promise<void> {
  await save(db, "partners", partners, by, audit);
}

const headlineNumbersKey = "headline-numbers";

/** The institute's figures for the home page; each shown only once staff have given it. */
export interface HeadlineNumbers {
  studentsTrained: number | null;
  batchesRun: number | null;
  hiringPartners: number | null;
}

export const noHeadlineNumbers: HeadlineNumbers = { studentsTrained: null, batchesRun: null, hiringPartners: null };

export async function getHeadlineNumbers(db: AppDatabase): Promise<HeadlineNumbers> {
  const stored = (await overrides(db)).get(headlineNumbersKey) as Partial<HeadlineNumbers> | undefined;
  return { ...noHeadlineNumbers, ...stored };
}

export async function saveHeadlineNumbers(
  db: AppDatabase,
  numbers: HeadlineNumbers,
  by: string,
  audit?: AuditRecord,
): Promise<void> {
  await save(db, headlineNumbersKey, numbers, by, audit);
}

/** Whether a key has been edited (used to offer "restore the original"). */
export async function isEdited(db: AppDatabase, key: string): Promise<boolean> {
  return (await overrides(db)).has(key);
}

export async function restoreDefault(db: AppDatabase, key: string, audit?: AuditRecord): Promise<void> {
  await write(db, key, (tx) => tx.delete(contentOverrides).where(eq(contentOverrides.key, key)), audit);
}

/** The branches, in the configuration's order, with what staff changed. */
export async function getBranches(db: AppDatabase): Promise<Branch[]> {
  const stored = await overrides(db);
  return defaultBranches.map((branch) => withEdit(branch, stored.get(`branch:${branch.key}`) as BranchDetails));
}

let lastBranches: Branch[] | undefined;

/**
 * The branches for a page's footer and contact details. Every page shows them, the form pages
 * too, which must still answer (keeping what the student typed) while the database is down:
 * then the last branches read are shown, or the configuration's before any was read.
 */
export async function branchesForPage(db: AppDatabase): Promise<Branch[]> {
  try {
    lastBranches = await getBranches(db);
    return lastBranches;
  } catch (error) {
    logFault("Branches could not be read; showing the last known", error);
    return lastBranches ?? [...defaultBranches];
  }
}

export async function saveBranch(
  db: AppDatabase,
  key: BranchKey,
  details: BranchDetails,
  by: string,
  audit?: AuditRecord,
): Promise<void> {
  await save(db, `branch:${key}`, details, by, audit);
}
