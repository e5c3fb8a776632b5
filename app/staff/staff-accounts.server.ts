import { randomUUID } from "node:crypto";
import { type AnyColumn, and, asc, eq, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import * as z from "zod";
import { type AppDatabase, type Database, isUniqueViolation } from "~/platform/database.server";
import { type CourseKey, courseByKey } from "~/site/course-catalog";
import { account, assignmentPools, session, staffBranches, staffCourses, user } from "../../db/schema";
import { recordAudit } from "./audit-log.server";
import { hashPassword, newPasswordProblem } from "./password.server";
import {
  allCourses,
  type BranchSet,
  type CourseSet,
  coursesOf,
  describeBranches,
  describeCourses,
  isStaffRole,
  readBranchSet,
  readCourseSet,
  type StaffRole,
  sameBranches,
  sameCourses,
  staffRoles,
} from "./staff-roles";

// Staff accounts for the admin's staff page and the CLI alike. Accounts are written here
// in the shape Better Auth's e-mail sign-in reads: a user row, and a "credential" account
// row holding the password hash. Each change writes its audit entry in its own transaction
// (`actor`: who made it), and a change that could leave no admin first locks the admins' rows.

export interface StaffAccount {
  id: string;
  email: string;
  name: string;
  /** Null or an unknown value only when someone edited the database by hand. */
  role: string | null;
  /** A counsellor's courses (none for an admin). */
  courses: CourseSet;
  /** The branches a counsellor is limited to; none: every branch (and always none for an admin). */
  branches: BranchSet;
  createdAt: Date;
}

/** `changed`: false when the account already had that role and those courses. */
export type StaffResult = { ok: true; changed?: boolean } | { ok: false; error: string };
export type CreateStaffResult = { ok: true; user: StaffAccount } | { ok: false; error: string };

export interface NewStaff {
  email: string;
  /** Shown in the desk; the e-mail address when left out. */
  name?: string;
  role: StaffRole;
  /** A counsellor's courses: course keys, or "all" (at least one); ignored for an admin. */
  courses?: CourseSet;
  /** The branches a counsellor is limited to (none: every branch); ignored for an admin. */
  branches?: BranchSet | readonly string[];
  password: string;
}

const maxNameLength = 100;
const credential = "credential";

/** E-mail addresses are compared trimmed and lower-cased, as Better Auth's sign-in does. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function unknownRoleMessage(role: string): string {
  return `Unknown role "${role}". Use one of: ${staffRoles.join(", ")}.`;
}

const columns = { id: user.id, email: user.email, name: user.name, role: user.role, createdAt: user.createdAt };

/** The course set as stored: "all" when that row is there, else the keys in catalog order. */
function courseSetFromRows(rows: readonly string[]): CourseSet {
  if (rows.includes(allCourses)) return allCourses;
  return coursesOf(allCourses).filter((key) => rows.includes(key));
}

/** The courses an account works on (none for an admin or an unknown id). */
export async function courseSetOf(db: AppDatabase, userId: string): Promise<CourseSet> {
  const rows = await db
    .select({ course: staffCourses.course })
    .from(staffCourses)
    .where(eq(staffCourses.userId, userId));
  return courseSetFromRows(rows.map((row) => row.course));
}

/** The branches as stored, in the branches' order (none: every branch). */
function branchSetFromRows(rows: readonly string[]): BranchSet {
  const read = readBranchSet("counsellor", rows);
  return read.ok ? read.branches : [];
}

/** The branches an account is limited to (none: every branch, or an unknown id). */
async function branchSetOf(db: AppDatabase, userId: string): Promise<BranchSet> {
  const rows = await db
    .select({ branch: staffBranches.branch })
    .from(staffBranches)
    .where(eq(staffBranches.userId, userId));
  return branchSetFromRows(rows.map((row) => row.branch));
}

/** The courses an account works on and the branches it is limited to, read together. */
export async function staffAccessOf(
  db: AppDatabase,
  userId: string,
): Promise<{ courses: CourseSet; branches: BranchSet }> {
  const [courses, branches] = await Promise.all([courseSetOf(db, userId), branchSetOf(db, userId)]);
  return { courses, branches };
}

/** Every account with its courses and branches, oldest first. */
export async function listStaff(db: AppDatabase): Promise<StaffAccount[]> {
  const [accounts, courses, branches] = await Promise.all([
    db.select(columns).from(user).orderBy(asc(user.createdAt), asc(user.email)),
    db.select({ userId: staffCourses.userId, course: staffCourses.course }).from(staffCourses),
    db.select({ userId: staffBranches.userId, branch: staffBranches.branch }).from(staffBranches),
  ]);
  return accounts.map((found) => ({
    ...found,
    courses: courseSetFromRows(courses.filter((row) => row.userId === found.id).map((row) => row.course)),
    branches: branchSetFromRows(branches.filter((row) => row.userId === found.id).map((row) => row.branch)),
  }));
}

/**
 * A condition on a column of staff account ids: the account works at this branch (it is limited
 * to no branch, or to this one among others), as worksAtBranch says of an account in hand.
 */
export function worksAtBranchCondition(userId: AnyColumn, branch: string): SQL {
  return sql`(not exists (select 1 from ${staffBranches} where ${staffBranches.userId} = ${userId})
    or exists (select 1 from ${staffBranches} where ${staffBranches.userId} = ${userId}
      and ${staffBranches.branch} = ${branch}))`;
}

/**
 * The e-mail addresses of the counsellors who work on this course (or on all courses) and, for a
 * student of a known branch, at that branch (those limited to other branches are left out).
 */
export async function staffEmailsForCourse(db: AppDatabase, key: CourseKey, branch?: string | null): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: user.email })
    .from(user)
    .innerJoin(staffCourses, eq(staffCourses.userId, user.id))
    .where(
      and(
        eq(user.role, "counsellor"),
        or(eq(staffCourses.course, key), eq(staffCourses.course, allCourses)),
        branch ? worksAtBranchCondition(user.id, branch) : undefined,
      ),
    )
    .orderBy(asc(user.email));
  return rows.map((row) => row.email);
}

export async function findStaff(db: AppDatabase, email: string): Promise<StaffAccount | undefined> {
  const [found] = await db
    .select(columns)
    .from(user)
    .where(eq(user.email, normaliseEmail(email)))
    .limit(1);
  return found && { ...found, ...(await staffAccessOf(db, found.id)) };
}

/** Replaces an account's courses (in a transaction). */
async function storeCourses(tx: AppDatabase, userId: string, courses: CourseSet): Promise<void> {
  await tx.delete(staffCourses).where(eq(staffCourses.userId, userId));
  const rows = courses === allCourses ? [allCourses] : [...courses];
  if (rows.length > 0) await tx.insert(staffCourses).values(rows.map((course) => ({ userId, course })));
}

/** Replaces an account's branches (in a transaction); none: every branch. */
async function storeBranches(tx: AppDatabase, userId: string, branches: BranchSet): Promise<void> {
  await tx.delete(staffBranches).where(eq(staffBranches.userId, userId));
  if (branches.length > 0) await tx.insert(staffBranches).values(branches.map((branch) => ({ userId, branch })));
}

/** Creates an account after checking the e-mail, the role and the password policy. */
export async function createStaff(database: Database, input: NewStaff, actor: string): Promise<CreateStaffResult> {
  const email = normaliseEmail(input.email);
  if (!z.email().safeParse(email).success) return { ok: false, error: "Please enter a valid e-mail address." };
  if (!isStaffRole(input.role)) return { ok: false, error: unknownRoleMessage(String(input.role)) };
  const access = readCourseSet(input.role, courseValuesOf(input.courses));
  if (!access.ok) return access;
  const limit = readBranchSet(input.role, input.branches ?? []);
  if (!limit.ok) return limit;
  const name = (input.name ?? "").trim().slice(0, maxNameLength) || email;
  const problem = await newPasswordProblem(input.password, { email });
  if (problem) return { ok: false, error: problem };
  const exists = () => ({ ok: false as const, error: `An account for ${email} already exists.` });
  if (await findStaff(database.db, email)) return exists();

  const hash = await hashPassword(input.password);
  const id = randomUUID();
  try {
    // The account as stored, from the insert itself: read again afterwards, it may already
    // have been removed by another request.
    const created = await database.db.transaction(async (tx) => {
      const [stored] = await tx
        .insert(user)
        .values({ id, email, name, role: input.role, emailVerified: false })
        .returning(columns);
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: id, providerId: credential, userId: id, password: hash });
      await storeCourses(tx, id, access.courses);
      await storeBranches(tx, id, limit.branches);
      await recordAudit(tx, {
        actor,
        action: "staff.create",
        subject: email,
        detail: {
          role: input.role,
          ...(input.role === "counsellor" ? { courses: describeCourses(access.courses) } : {}),
          ...(limit.branches.length > 0 ? { branches: describeBranches(limit.branches) } : {}),
        },
      });
      return stored && { ...stored, courses: access.courses, branches: limit.branches };
    });
    if (!created) throw new Error(`The account for ${email} was not stored.`);
    return { ok: true, user: created };
  } catch (error) {
    if (isUniqueViolation(error)) return exists();
    throw error;
  }
}

/**
 * Sets the role and, for a counsellor, the courses (course keys or "all", at least one) and,
 * when given, the branches they are limited to (none: every branch; left out: as they are). When
 * any changes, the account's sessions end, so the new access applies from its next sign-in, and
 * it leaves the assignment pools of the courses it no longer works on and of the branches it is
 * no longer at. Nothing changed: `changed: false`, no audit entry, sessions kept.
 */
export async function setStaffRole(
  db: AppDatabase,
  email: string,
  role: StaffRole,
  actor: string,
  courses?: CourseSet | readonly string[],
  branches?: BranchSet | readonly string[],
): Promise<StaffResult> {
  if (!isStaffRole(role)) return { ok: false, error: unknownRoleMessage(String(role)) };
  const access = readCourseSet(role, courseValuesOf(courses));
  if (!access.ok) return access;
  const limit = branches === undefined ? undefined : readBranchSet(role, branches);
  if (limit && !limit.ok) return limit;
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const found = await lockAccount(tx, email);
    if (!found) return noSuchAccount(email);
    if (found.role === "admin" && role !== "admin" && admins.length <= 1) return lastAdmin(found.email);
    const before = await courseSetOf(tx, found.id);
    const branchesBefore = await branchSetOf(tx, found.id);
    // An admin is never limited to branches; left out, a counsellor's stay as they are.
    const branchesAfter = role === "admin" ? [] : limit?.ok ? limit.branches : branchesBefore;
    const roleChanged = found.role !== role;
    const coursesChanged = !sameCourses(before, access.courses);
    const branchesChanged = !sameBranches(branchesBefore, branchesAfter);
    if (!roleChanged && !coursesChanged && !branchesChanged) return { ok: true, changed: false };
    await tx.update(user).set({ role }).where(eq(user.id, found.id));
    await storeCourses(tx, found.id, access.courses);
    await storeBranches(tx, found.id, branchesAfter);
    // A counsellor limited to branches leaves the pools of the other branches.
    const leftBranches =
      branchesAfter.length > 0
        ? await tx
            .delete(assignmentPools)
            .where(
              and(
                eq(assignmentPools.userId, found.id),
                ne(assignmentPools.branch, ""),
                notInArray(assignmentPools.branch, [...branchesAfter]),
              ),
            )
            .returning({ course: assignmentPools.course, branch: assignmentPools.branch })
        : [];
    // A counsellor is given new students only of the courses they work on.
    const left =
      role === "counsellor" && access.courses !== allCourses
        ? await tx
            .delete(assignmentPools)
            .where(
              and(
                eq(assignmentPools.userId, found.id),
                notInArray(
                  assignmentPools.course,
                  access.courses.map((key) => courseByKey(key).registrationValue),
                ),
              ),
            )
            .returning({ course: assignmentPools.course })
        : [];
    await tx.delete(session).where(eq(session.userId, found.id));
    const detail: Record<string, unknown> = { role: roleChanged ? `${found.role ?? "none"} -> ${role}` : role };
    if (coursesChanged) detail.courses = `${describeCourses(before)} -> ${describeCourses(access.courses)}`;
    if (branchesChanged) detail.branches = `${describeBranches(branchesBefore)} -> ${describeBranches(branchesAfter)}`;
    const leftPools = [...left.map((row) => row.course), ...leftBranches.map((row) => `${row.course} (${row.branch})`)];
    if (leftPools.length > 0) detail.leftPools = leftPools.join(", ");
    await recordAudit(tx, { actor, action: "staff.set-role", subject: found.email, detail });
    return { ok: true, changed: true };
  });
}

function courseValuesOf(courses: CourseSet | readonly string[] | undefined): readonly string[] {
  if (courses === undefined) return [];
  return courses === allCourses ? [allCourses] : (courses as readonly string[]);
}

/** Sets a new password (policy checked) and ends every session of the account. */
export async function resetStaffPassword(
  database: Database,
  email: string,
  password: string,
  actor: string,
): Promise<StaffResult> {
  const { db } = database;
  const found = await findStaff(db, email);
  if (!found) return noSuchAccount(email);
  const problem = await newPasswordProblem(password, { email: found.email });
  if (problem) return { ok: false, error: problem };
  const hash = await hashPassword(password);
  return db.transaction(async (tx): Promise<StaffResult> => {
    // The account may have been removed while the password was hashed: look again, locked.
    if ((await lockAccount(tx, email))?.id !== found.id) return noSuchAccount(email);
    const updated = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, found.id), eq(account.providerId, credential)))
      .returning({ id: account.id });
    if (updated.length === 0) {
      await tx
        .insert(account)
        .values({ id: randomUUID(), accountId: found.id, providerId: credential, userId: found.id, password: hash });
    }
    await tx.delete(session).where(eq(session.userId, found.id));
    await recordAudit(tx, { actor, action: "staff.reset-password", subject: found.email });
    return { ok: true };
  });
}

/** Deletes the account, its password and its sessions. The last admin cannot be removed. */
export async function removeStaff(db: AppDatabase, email: string, actor: string): Promise<StaffResult> {
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx);
    const found = await lockAccount(tx, email);
    if (!found) return noSuchAccount(email);
    if (found.role === "admin" && admins.length <= 1) return lastAdmin(found.email);
    await tx.delete(session).where(eq(session.userId, found.id));
    await tx.delete(account).where(eq(account.userId, found.id));
    await tx.delete(user).where(eq(user.id, found.id));
    await recordAudit(tx, { actor, action: "staff.remove", subject: found.email });
    return { ok: true };
  });
}

/** Signs the account out everywhere; returns how many sessions ended. */
export async function endStaffSessions(db: AppDatabase, userId: string): Promise<number> {
  const ended = await db.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}

/**
 * In a transaction: locks the rows of every admin and answers their ids. Every change that
 * could take an admin away takes these locks first (in id order, so two never wait on each
 * other crosswise); a second one waits here until the first has committed, and PostgreSQL
 * then leaves out the rows that are no longer admins, so it counts what the first left. On
 * the embedded database transactions already run one at a time.
 */
async function lockAdmins(tx: AppDatabase): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.id))
    .for("update");
  return rows.map((row) => row.id);
}

/** In a transaction: the account as it is now, its row locked until the end. */
async function lockAccount(
  tx: AppDatabase,
  email: string,
): Promise<Omit<StaffAccount, "courses" | "branches"> | undefined> {
  const [found] = await tx
    .select(columns)
    .from(user)
    .where(eq(user.email, normaliseEmail(email)))
    .for("update");
  return found;
}

function noSuchAccount(email: string): StaffResult {
  return { ok: false, error: `There is no account for ${normaliseEmail(email)}.` };
}

function lastAdmin(email: string): StaffResult {
  return { ok: false, error: `${email} is the only admin: make another account admin first.` };
}
