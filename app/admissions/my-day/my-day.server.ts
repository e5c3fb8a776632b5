// My day: a counsellor's records in four groups, most urgent first (the groups and their names:
// my-day.ts), for one owner, for the Unassigned queue, or per owner for the team view; and the
// new students nobody has contacted within the configured working time. The desk's pages and
// the morning e-mails read the same functions, so the page and the e-mail never disagree.
//
// Every boundary is a moment: "now", the end of today in India (midnight IST, 18:30 UTC), the
// start of "recently active", and the latest arrival that has waited too long for a first call.
// Each group is a range of an index (students_owner_follow_up_idx, students_uncontacted_idx,
// students_updated_at_idx), so a desk of 200,000 records answers as fast as one of 200.
import { and, asc, count, desc, eq, gte, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import { everyRecord, type RecordScope, scopeCondition } from "~/admissions/records/record-scope.server";
import type { StudentStage } from "~/admissions/records/student-stages";
import { site } from "~/config/site";
import type { AppDatabase } from "~/platform/database.server";
import { dayMs, indiaToday } from "~/platform/india-time";
import { staffAvailability, students, user } from "../../../db/schema";
import { type DayGroup, dayGroups } from "./my-day";
import { minuteMs, type WorkingHours, workingHours, workingMsBetween, workingTimeBefore } from "./working-hours";

export { type DayGroup, dayGroupLabels, dayGroups, isDayGroup } from "./my-day";

/** What decides the groups besides the records: the site configuration's, unless a test names others. */
export interface DaySettings {
  /** Working hours, India time. */
  workingHours: WorkingHours;
  /** A new student not contacted within this much working time is late. */
  firstContactWithinMinutes: number;
  /** "Recently active": worked on or written in within this many days. */
  recentDays: number;
}

export const daySettings: DaySettings = {
  workingHours,
  firstContactWithinMinutes: site.admissions.firstContactWithinMinutes,
  recentDays: site.admissions.myDay.recentDays,
};

/** The moments the groups are measured from. */
export interface DayClock {
  now: Date;
  /** Midnight in India that ends today: follow-ups from now until then are due today. */
  todayEnds: Date;
  /** Records worked on since then are recently active. */
  recentSince: Date;
  /** A never-contacted new student who arrived at or before this moment is late. */
  lateIfArrivedBy: Date;
}

export function dayClock(now: Date = new Date(), settings: DaySettings = daySettings): DayClock {
  return {
    now,
    todayEnds: indiaToday(now).end,
    recentSince: new Date(now.getTime() - settings.recentDays * dayMs),
    lateIfArrivedBy: workingTimeBefore(now, settings.firstContactWithinMinutes * minuteMs, settings.workingHours),
  };
}

const notLost = ne(students.stage, "lost");
const neverContacted = and(eq(students.stage, "new"), isNull(students.contactedAt));
const noFollowUpToday = (clock: DayClock) =>
  or(isNull(students.nextFollowUpAt), gte(students.nextFollowUpAt, clock.todayEnds));

/**
 * The condition of one group, on any set of records (add the owner and the scope). The groups
 * do not overlap: a record is in the first that fits, in the order of `dayGroups`.
 */
export function dayGroupCondition(group: DayGroup, clock: DayClock): SQL {
  switch (group) {
    case "overdue":
      return and(notLost, lt(students.nextFollowUpAt, clock.now)) as SQL;
    case "today":
      return and(notLost, gte(students.nextFollowUpAt, clock.now), lt(students.nextFollowUpAt, clock.todayEnds)) as SQL;
    case "new":
      return and(neverContacted, noFollowUpToday(clock)) as SQL;
    case "recent":
      return and(
        notLost,
        gte(students.updatedAt, clock.recentSince),
        noFollowUpToday(clock),
        sql`not (${neverContacted})`,
      ) as SQL;
  }
}

/** New students never contacted who arrived long enough ago to be late, whatever their follow-up. */
export function uncontactedCondition(clock: DayClock): SQL {
  // "Up to and including the cutoff's millisecond": the database keeps microseconds, JavaScript
  // milliseconds, so a row at 10:00:00.000400 is late on both sides when the cutoff is 10:00:00.000.
  return and(neverContacted, lt(students.createdAt, new Date(clock.lateIfArrivedBy.getTime() + 1))) as SQL;
}

/** The order of a group's rows: the most urgent first. */
function groupOrder(group: DayGroup) {
  switch (group) {
    case "overdue":
    case "today":
      return [asc(students.nextFollowUpAt), asc(students.id)];
    case "new":
      return [asc(students.createdAt), asc(students.id)];
    case "recent":
      return [desc(students.updatedAt), desc(students.id)];
  }
}

/** Whose day: an account's id, or null for the Unassigned queue. */
export type DayOwner = string | null;

/** undefined: every owner and the Unassigned queue together (the team's totals). */
function ownerCondition(owner: DayOwner | undefined): SQL | undefined {
  if (owner === undefined) return undefined;
  return owner === null ? isNull(students.ownerId) : eq(students.ownerId, owner);
}

/** One record as My day lists it. */
export interface DayRecord {
  id: number;
  name: string;
  mobile: string;
  email: string;
  courses: string[];
  branch: string | null;
  branchSource: string | null;
  stage: StudentStage;
  ownerId: string | null;
  ownerName: string | null;
  nextFollowUpAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  contactedAt: Date | null;
  version: number;
  /** Never contacted and waiting longer than the limit (working time). */
  late: boolean;
}

const dayColumns = {
  id: students.id,
  name: students.name,
  mobile: students.mobile,
  email: students.email,
  courses: students.courses,
  branch: students.branch,
  branchSource: students.branchSource,
  stage: students.stage,
  ownerId: students.ownerId,
  ownerName: user.name,
  nextFollowUpAt: students.nextFollowUpAt,
  createdAt: students.createdAt,
  updatedAt: students.updatedAt,
  contactedAt: students.contactedAt,
  version: students.version,
};

type DayRow = Omit<DayRecord, "late">;

function withLate(row: DayRow, clock: DayClock): DayRecord {
  return {
    ...row,
    late: row.stage === "new" && row.contactedAt === null && row.createdAt <= clock.lateIfArrivedBy,
  };
}

export interface DayOptions {
  /** The moment the day is measured from (tests). */
  now?: Date;
  /** Rows per group (the site configuration's by default); the totals count them all. */
  limit?: number;
  /** Which records the staff member may see (every record by default). */
  scope?: RecordScope;
  settings?: DaySettings;
}

export interface DayGroupRows {
  rows: DayRecord[];
  /** How many records are in the group in all (the rows are the first `limit`). */
  total: number;
}

export interface Day {
  clock: DayClock;
  groups: Record<DayGroup, DayGroupRows>;
  /** New students of this owner not contacted within the limit (some may be in "today" by their follow-up). */
  late: number;
}

/**
 * One owner's day (null: the Unassigned queue): each group's first rows, most urgent first,
 * and its total.
 */
export async function dayOf(db: AppDatabase, owner: DayOwner, options: DayOptions = {}): Promise<Day> {
  const clock = dayClock(options.now, options.settings);
  const limit = Math.max(1, Math.min(200, Math.trunc(options.limit ?? site.admissions.myDay.rowsPerGroup)));
  const scope = scopeCondition(options.scope ?? everyRecord);
  const base = and(ownerCondition(owner), scope);
  const [lists, late] = await Promise.all([
    Promise.all(
      dayGroups.map(async (group) => {
        const where = and(base, dayGroupCondition(group, clock));
        const [rows, [totals]] = await Promise.all([
          db
            .select(dayColumns)
            .from(students)
            .leftJoin(user, eq(user.id, students.ownerId))
            .where(where)
            .orderBy(...groupOrder(group))
            .limit(limit),
          db.select({ n: count() }).from(students).where(where),
        ]);
        return [group, { rows: (rows as DayRow[]).map((row) => withLate(row, clock)), total: totals?.n ?? 0 }] as const;
      }),
    ),
    db
      .select({ n: count() })
      .from(students)
      .where(and(base, uncontactedCondition(clock))),
  ]);
  return {
    clock,
    groups: Object.fromEntries(lists) as Record<DayGroup, DayGroupRows>,
    late: late[0]?.n ?? 0,
  };
}

/** How many records are in each urgent group, and how many of them are late (the desk's navigation). */
export interface DayCounts {
  overdue: number;
  today: number;
  new: number;
  late: number;
}

/**
 * The navigation's counts for one owner (null: the Unassigned queue; undefined: everyone):
 * four small indexed counts. With `cap`, each stops counting there (the navigation shows
 * "999+"), so a desk with a long backlog pays no more on every page than one without.
 */
export async function dayCounts(
  db: AppDatabase,
  owner: DayOwner | undefined,
  options: Omit<DayOptions, "limit"> & { cap?: number } = {},
): Promise<DayCounts> {
  const clock = dayClock(options.now, options.settings);
  const base = and(ownerCondition(owner), scopeCondition(options.scope ?? everyRecord));
  const cap = options.cap;
  const countOf = async (condition: SQL) => {
    const where = and(base, condition);
    const [row] =
      cap === undefined
        ? await db.select({ n: count() }).from(students).where(where)
        : await db
            .select({ n: count() })
            .from(db.select({ id: students.id }).from(students).where(where).limit(cap).as("capped"));
    return row?.n ?? 0;
  };
  const [overdue, today, fresh, late] = await Promise.all([
    countOf(dayGroupCondition("overdue", clock)),
    countOf(dayGroupCondition("today", clock)),
    countOf(dayGroupCondition("new", clock)),
    countOf(uncontactedCondition(clock)),
  ]);
  return { overdue, today, new: fresh, late };
}

/** One line of the team view: an owner's totals per group. */
export interface TeamMember {
  /** null: the Unassigned queue. */
  ownerId: string | null;
  name: string;
  email: string;
  role: string | null;
  away: boolean;
  totals: Record<DayGroup, number>;
  /** New students not contacted within the limit. */
  late: number;
}

export interface TeamDay {
  clock: DayClock;
  /** Every staff account with records in a group, or who is not an admin, by name; the Unassigned queue apart. */
  members: TeamMember[];
  unassigned: TeamMember;
  /** Accounts marked away. */
  away: { id: string; name: string; email: string }[];
}

/**
 * The team view: each owner's totals per group and late new students, the Unassigned queue's,
 * and who is away. One grouped count per group (a range of its index), whatever the team's size.
 */
export async function teamDay(db: AppDatabase, options: Omit<DayOptions, "limit"> = {}): Promise<TeamDay> {
  const clock = dayClock(options.now, options.settings);
  const scope = scopeCondition(options.scope ?? everyRecord);
  const perOwner = (condition: SQL) =>
    db
      .select({ ownerId: students.ownerId, n: count() })
      .from(students)
      .where(and(scope, condition))
      .groupBy(students.ownerId);
  const [groupCounts, late, accounts, awayRows] = await Promise.all([
    Promise.all(dayGroups.map(async (group) => [group, await perOwner(dayGroupCondition(group, clock))] as const)),
    perOwner(uncontactedCondition(clock)),
    db.select({ id: user.id, name: user.name, email: user.email, role: user.role }).from(user),
    db.select({ userId: staffAvailability.userId }).from(staffAvailability).where(eq(staffAvailability.away, true)),
  ]);
  const away = new Set(awayRows.map((row) => row.userId));
  const key = (ownerId: string | null) => ownerId ?? "";
  const totals = new Map<string, Record<DayGroup, number>>();
  const empty = () => Object.fromEntries(dayGroups.map((group) => [group, 0])) as Record<DayGroup, number>;
  for (const [group, rows] of groupCounts) {
    for (const row of rows) {
      const entry = totals.get(key(row.ownerId)) ?? empty();
      entry[group] = row.n;
      totals.set(key(row.ownerId), entry);
    }
  }
  const lateOf = new Map(late.map((row) => [key(row.ownerId), row.n]));
  const members = accounts
    .filter((account) => account.role !== "admin" || totals.has(account.id) || lateOf.has(account.id))
    .map<TeamMember>((account) => ({
      ownerId: account.id,
      name: account.name || account.email,
      email: account.email,
      role: account.role,
      away: away.has(account.id),
      totals: totals.get(account.id) ?? empty(),
      late: lateOf.get(account.id) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, "en-IN") || a.email.localeCompare(b.email));
  return {
    clock,
    members,
    unassigned: {
      ownerId: null,
      name: "Unassigned",
      email: "",
      role: null,
      away: false,
      totals: totals.get("") ?? empty(),
      late: lateOf.get("") ?? 0,
    },
    away: accounts
      .filter((account) => away.has(account.id))
      .map((account) => ({ id: account.id, name: account.name || account.email, email: account.email }))
      .sort((a, b) => a.name.localeCompare(b.name, "en-IN")),
  };
}

export interface UncontactedStudent extends DayRecord {
  /** Working time since the student arrived, in ms. */
  waitedMs: number;
}

/**
 * New students nobody has called, messaged or e-mailed within the configured working time
 * (site configuration: admissions.firstContactWithinMinutes and workingHours), the longest
 * waiting first: the team view's flag and the admins' e-mail. `owner` narrows it to one owner
 * (null: the Unassigned queue).
 */
export async function findUncontacted(
  db: AppDatabase,
  options: DayOptions & { owner?: DayOwner } = {},
): Promise<{ clock: DayClock; rows: UncontactedStudent[]; total: number }> {
  const settings = options.settings ?? daySettings;
  const clock = dayClock(options.now, settings);
  const limit = Math.max(1, Math.min(500, Math.trunc(options.limit ?? 50)));
  const where = and(
    options.owner === undefined ? undefined : ownerCondition(options.owner),
    scopeCondition(options.scope ?? everyRecord),
    uncontactedCondition(clock),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(dayColumns)
      .from(students)
      .leftJoin(user, eq(user.id, students.ownerId))
      .where(where)
      .orderBy(asc(students.createdAt), asc(students.id))
      .limit(limit),
    db.select({ n: count() }).from(students).where(where),
  ]);
  return {
    clock,
    rows: (rows as DayRow[]).map((row) => ({
      ...withLate(row, clock),
      waitedMs: workingMsBetween(row.createdAt, clock.now, settings.workingHours),
    })),
    total: totals?.n ?? 0,
  };
}
