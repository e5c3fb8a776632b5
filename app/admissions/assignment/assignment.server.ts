// Who a new student goes to: each course has a pool of staff accounts an admin chooses, and may
// have a pool per branch; a new student of that course goes to the next account of their
// branch's pool, else of the course's own pool, in turn, skipping accounts marked away and those
// limited to other branches (decision 031). A returning student stays with their owner; with
// nobody eligible the record waits, unassigned, for an admin. For a form the turn is taken in the
// statement that stores it (file_submission, migrations 0022 and 0024, decision 028); here, the
// same rule for students added by hand or from a list, the pools and moving records by hand.
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { isInScope, recordScopeOf, type ScopedRecord, scopeCondition } from "~/admissions/records/record-scope.server";
import { type StudentBranch, studentBranches } from "~/admissions/records/student-branches";
import { type Actor, changeWithEntry } from "~/admissions/records/student-timeline.server";
import type { AppDatabase } from "~/platform/database.server";
import { type CourseValue, courseValues } from "~/site/course-catalog";
import { listStaff, type StaffAccount, worksAtBranchCondition } from "~/staff/staff-accounts.server";
import { allCourses } from "~/staff/staff-roles";
import { assignmentCursors, assignmentPools, staffAvailability, students, user } from "../../../db/schema";

/** A pool: a course's own (branch "") or that of one of its branches. */
export type PoolBranch = StudentBranch | "";

/**
 * The owner for a record that has none, by its branch's pool of the course, else the course's
 * own, in turn; null when the form has no course or nobody in either pool is available. Takes
 * the pool's turn lock until commit, so two arrivals at once never go to the same turn.
 */
export async function nextInPool(
  tx: AppDatabase,
  course: CourseValue | undefined,
  branch: StudentBranch | null = null,
): Promise<{ ownerId: string; pool: PoolBranch } | null> {
  if (!course) return null;
  const turns = await poolTurns(tx, course, branch);
  if (!turns) return null;
  const next = turns.next();
  await turns.save();
  return { ownerId: next, pool: turns.pool };
}

/**
 * The turns of the pool a student of this course and branch goes to, from where they stand, for
 * giving out many students at once (a list of leads): `next()` answers the next available
 * account each time; `save()` keeps the pool's turn where it got to; `pool` says which pool it is
 * (the branch's, or "" for the course's own when the branch has nobody available). Undefined when
 * nobody in either is available. An account limited to other branches is passed over. Takes the
 * turn lock.
 */
export async function poolTurns(
  tx: AppDatabase,
  course: CourseValue,
  branch: StudentBranch | null = null,
): Promise<{ next(): string; save(): Promise<void>; pool: PoolBranch } | undefined> {
  for (const pool of branch ? ([branch, ""] as const) : ([""] as const)) {
    const turns = await turnsOfPool(tx, course, pool, branch);
    if (turns) return turns;
  }
  return undefined;
}

async function turnsOfPool(
  tx: AppDatabase,
  course: CourseValue,
  pool: PoolBranch,
  branch: StudentBranch | null,
): Promise<{ next(): string; save(): Promise<void>; pool: PoolBranch } | undefined> {
  // An account limited to branches is given only students of one of them.
  const atBranch = branch ? worksAtBranchCondition(assignmentPools.userId, branch) : undefined;
  const members = await tx
    .select({ id: assignmentPools.userId })
    .from(assignmentPools)
    .innerJoin(user, eq(user.id, assignmentPools.userId))
    .leftJoin(staffAvailability, eq(staffAvailability.userId, assignmentPools.userId))
    .where(
      and(
        eq(assignmentPools.course, course),
        eq(assignmentPools.branch, pool),
        or(isNull(staffAvailability.away), eq(staffAvailability.away, false)),
        or(isNull(user.banned), eq(user.banned, false)),
        atBranch,
      ),
    )
    .orderBy(asc(assignmentPools.userId));
  if (members.length === 0) return undefined;
  await tx.insert(assignmentCursors).values({ course, branch: pool }).onConflictDoNothing();
  const cursorOf = and(eq(assignmentCursors.course, course), eq(assignmentCursors.branch, pool));
  const [cursor] = await tx
    .select({ lastUserId: assignmentCursors.lastUserId })
    .from(assignmentCursors)
    .where(cursorOf)
    .for("update");
  // The turn goes round the pool in one fixed order (compared here, not by the database's collation).
  const ids = members.map((member) => member.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let last = cursor?.lastUserId ?? "";
  return {
    pool,
    next() {
      last = ids.find((id) => id > last) ?? (ids[0] as string);
      return last;
    },
    async save() {
      await tx.update(assignmentCursors).set({ lastUserId: last }).where(cursorOf);
    },
  };
}

/**
 * Gives an arriving student's record an owner when it has none: the next of the pool of its
 * course and branch (else the course's own). A returning student's record keeps its owner. Adds
 * an owner entry to the timeline. Answers with the owner, and whether the record was given to
 * them just now.
 */
export async function assignOnArrival(
  tx: AppDatabase,
  studentId: number,
  course: CourseValue | undefined,
): Promise<{ ownerId: string | null; assigned: boolean }> {
  const [record] = await tx
    .select({ ownerId: students.ownerId, branch: students.branch })
    .from(students)
    .where(eq(students.id, studentId))
    .for("update");
  if (!record) return { ownerId: null, assigned: false };
  if (record.ownerId) return { ownerId: record.ownerId, assigned: false };
  const given = await nextInPool(tx, course, record.branch);
  if (!given) return { ownerId: null, assigned: false };
  await changeWithEntry(
    tx,
    studentId,
    { ownerId: given.ownerId },
    {
      kind: "owner",
      detail: {
        from: null,
        to: given.ownerId,
        rule: "pool",
        course: course ?? null,
        ...(given.pool ? { branch: given.pool } : {}),
      },
    },
  );
  return { ownerId: given.ownerId, assigned: true };
}

/** A course's pools: its own ("") and each branch's (account ids). */
export type CoursePools = Record<PoolBranch, string[]>;

/** Each course's pools (account ids), and which accounts are away. */
export async function assignmentRules(db: AppDatabase) {
  const [pools, away] = await Promise.all([
    db
      .select()
      .from(assignmentPools)
      .orderBy(asc(assignmentPools.course), asc(assignmentPools.branch), asc(assignmentPools.userId)),
    db.select({ userId: staffAvailability.userId }).from(staffAvailability).where(eq(staffAvailability.away, true)),
  ]);
  const emptyPools = () =>
    Object.fromEntries(["", ...studentBranches].map((branch) => [branch, [] as string[]])) as CoursePools;
  const byCourse = Object.fromEntries(courseValues.map((course) => [course, emptyPools()])) as Record<
    CourseValue,
    CoursePools
  >;
  for (const row of pools) byCourse[row.course as CourseValue]?.[row.branch as PoolBranch]?.push(row.userId);
  return { pools: byCourse, away: new Set(away.map((row) => row.userId)) };
}

/** Replaces a course's pool (its own, branch "", or a branch's) with these accounts. */
export async function setPool(
  tx: AppDatabase,
  course: CourseValue,
  userIds: readonly string[],
  branch: PoolBranch = "",
): Promise<void> {
  await tx.delete(assignmentPools).where(and(eq(assignmentPools.course, course), eq(assignmentPools.branch, branch)));
  if (userIds.length > 0) {
    await tx.insert(assignmentPools).values([...new Set(userIds)].map((userId) => ({ course, branch, userId })));
  }
}

/** Marks an account away (on leave: gets no new students) or back. */
export async function setAway(tx: AppDatabase, userId: string, away: boolean): Promise<void> {
  await tx
    .insert(staffAvailability)
    .values({ userId, away, updatedAt: new Date() })
    .onConflictDoUpdate({ target: staffAvailability.userId, set: { away, updatedAt: new Date() } });
}

/**
 * Gives these records to another owner (or to nobody), with an optional reason, each with an
 * owner entry on its timeline. Answers with the records that changed (their courses and branch: who is told).
 */
export async function reassignRecords(
  tx: AppDatabase,
  ids: readonly number[],
  ownerId: string | null,
  reason: string,
  actor: Actor,
): Promise<{ id: number; name: string; courses: string[]; branch: string | null; from: string | null }[]> {
  if (ids.length === 0) return [];
  const before = await tx
    .select({
      id: students.id,
      name: students.name,
      courses: students.courses,
      branch: students.branch,
      ownerId: students.ownerId,
    })
    .from(students)
    .where(inArray(students.id, [...ids]))
    .for("update");
  const moving = before.filter((row) => row.ownerId !== ownerId);
  for (const row of moving) {
    await changeWithEntry(
      tx,
      row.id,
      { ownerId, updatedAt: new Date() },
      { kind: "owner", actor, detail: { from: row.ownerId, to: ownerId, ...(reason ? { reason } : {}) } },
    );
  }
  return moving.map((row) => ({
    id: row.id,
    name: row.name,
    courses: row.courses,
    branch: row.branch,
    from: row.ownerId,
  }));
}

/**
 * Staff accounts by name: every account, or, given a record (its courses and branch), only those
 * who can open that record (an admin, a counsellor of all courses or of one of its courses; a
 * record with no course yet, any counsellor; and of a counsellor limited to branches, only when
 * the record is at one of them or its branch is not known yet), since an owner who cannot open
 * a record never sees the student.
 */
export async function ownerChoices(db: AppDatabase, forRecord?: ScopedRecord): Promise<{ id: string; name: string }[]> {
  const accounts = await listStaff(db);
  return accounts
    .filter((account) => !forRecord || canWorkOn(account, forRecord))
    .map((account) => ({ id: account.id, name: account.name || account.email }));
}

/**
 * Students owned by an account that cannot open them (a counsellor whose courses or branches
 * were changed since), per account, with the first few by id: the staff page lists them to move. One query
 * for every account; `accounts`: the staff list when the caller has it already.
 */
export async function ownedOutOfReach(
  db: AppDatabase,
  accounts?: readonly StaffAccount[],
): Promise<{ ownerId: string; ownerName: string; count: number; students: { id: number; name: string }[] }[]> {
  const limited = (accounts ?? (await listStaff(db))).filter(
    (account) => account.role !== "admin" && (account.courses !== allCourses || account.branches.length > 0),
  );
  if (limited.length === 0) return [];
  const outOfReach = limited.map((account) => {
    const reach =
      account.role === "counsellor"
        ? scopeCondition(recordScopeOf({ role: "counsellor", courses: account.courses, branches: account.branches }))
        : undefined;
    return and(eq(students.ownerId, account.id), reach ? sql`not (${reach})` : undefined);
  });
  const ranked = db
    .select({
      ownerId: sql<string>`${students.ownerId}`.as("owner_id"),
      id: students.id,
      name: students.name,
      count: sql<number>`count(*) over (partition by ${students.ownerId})`.as("count"),
      place: sql<number>`row_number() over (partition by ${students.ownerId} order by ${students.id})`.as("place"),
    })
    .from(students)
    .where(or(...outOfReach))
    .as("ranked");
  const rows = await db.select().from(ranked).where(lte(ranked.place, 5)).orderBy(asc(ranked.id));
  return limited.flatMap((account) => {
    const owned = rows.filter((row) => row.ownerId === account.id);
    if (owned.length === 0) return [];
    return [
      {
        ownerId: account.id,
        ownerName: account.name || account.email,
        count: Number(owned[0]?.count ?? owned.length),
        students: owned.map((row) => ({ id: row.id, name: row.name })),
      },
    ];
  });
}

/** Whether this account can open a record of these courses and this branch. */
export function canWorkOn(
  account: Pick<StaffAccount, "role" | "courses"> & { branches?: StaffAccount["branches"] },
  record: ScopedRecord,
): boolean {
  if (account.role !== "admin" && account.role !== "counsellor") return false;
  return isInScope(recordScopeOf({ role: account.role, courses: account.courses, branches: account.branches }), record);
}

/** Staff accounts' names by id, for the audit log's lines (an account removed since: "a former account"). */
export async function ownerNames(db: AppDatabase): Promise<(id: string | null) => string> {
  const owners = await ownerChoices(db);
  const byId = new Map(owners.map((owner) => [owner.id, owner.name]));
  return (id) => (id === null ? "unassigned" : (byId.get(id) ?? "a former account"));
}
