import { asc, desc, eq } from "drizzle-orm";
import { contentChanged } from "~/platform/content-version.server";
import type { AppDatabase } from "~/platform/database.server";
import { pagesShowing } from "~/site/public-pages";
import { placedStudents } from "../../db/schema";

export type PlacedStudent = typeof placedStudents.$inferSelect;

// Each change announces the pages listing placed students once it is written; inside a caller's
// transaction run with afterCommit (auditedChange, the demo content), once that has committed.
const announce = () => contentChanged(pagesShowing.placedStudents);

export interface PlacedStudentInput {
  name: string;
  company: string;
  /** As shown, e.g. "4.5 LPA". */
  package: string;
  jobRole: string;
  /** Key of the stored image ("placed-students/<slug>"), or null for none. */
  photo?: string | null;
  /** Lower comes first; equal ones show the newest first. */
  sortOrder?: number;
}

/** In the order the placements page shows them. */
export async function listPlacedStudents(db: AppDatabase): Promise<PlacedStudent[]> {
  return db
    .select()
    .from(placedStudents)
    .orderBy(asc(placedStudents.sortOrder), desc(placedStudents.createdAt), desc(placedStudents.id));
}

export async function getPlacedStudent(db: AppDatabase, id: number): Promise<PlacedStudent | undefined> {
  const [row] = await db.select().from(placedStudents).where(eq(placedStudents.id, id));
  return row;
}

export async function addPlacedStudent(db: AppDatabase, input: PlacedStudentInput): Promise<PlacedStudent> {
  const { name, company, package: pkg, jobRole, photo = null, sortOrder = 0 } = input;
  const [row] = await db
    .insert(placedStudents)
    .values({ name, company, package: pkg, jobRole, photo, sortOrder })
    .returning();
  if (!row) throw new Error("The placed student was not stored.");
  announce();
  return row;
}

/** Changes the given fields; undefined when there is no such student. */
export async function updatePlacedStudent(
  db: AppDatabase,
  id: number,
  changes: Partial<PlacedStudentInput>,
): Promise<PlacedStudent | undefined> {
  const set: Partial<typeof placedStudents.$inferInsert> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.company !== undefined) set.company = changes.company;
  if (changes.package !== undefined) set.package = changes.package;
  if (changes.jobRole !== undefined) set.jobRole = changes.jobRole;
  if (changes.photo !== undefined) set.photo = changes.photo;
  if (changes.sortOrder !== undefined) set.sortOrder = changes.sortOrder;
  if (Object.keys(set).length === 0) return getPlacedStudent(db, id);
  const [row] = await db.update(placedStudents).set(set).where(eq(placedStudents.id, id)).returning();
  if (row) announce();
  return row;
}

/** Removes a student and returns the removed row (its photo files are the caller's to delete). */
export async function removePlacedStudent(db: AppDatabase, id: number): Promise<PlacedStudent | undefined> {
  const [row] = await db.delete(placedStudents).where(eq(placedStudents.id, id)).returning();
  if (row) announce();
  return row;
}
