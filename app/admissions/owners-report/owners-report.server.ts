// The owner's report of the admissions desk: for a range of days in India, how fast and how
// well the desk worked the students who arrived, per counsellor, course, source and campaign.
// What each figure counts is decided in docs/decisions/020-owners-report.md. The figures come
// from facts the database keeps per student and per follow-up as records, timelines and forms
// are written (student_facts and student_follow_ups, migrations 0018 and 0021): two grouped
// reads of those two narrow tables, added up and their percentiles taken here, so a year of a
// busy desk stays fast.
import { sql } from "drizzle-orm";
// Relative imports with extensions: the benchmark loads this module with plain Node.
import { type AppDatabase, rowsOf } from "../../platform/database.server.ts";
import { dayMs, indiaDays, indiaOffsetMs } from "../../platform/india-time.ts";
import { type LostReason, lostReasons, type StudentStage, studentStages } from "../records/student-stages.ts";
import type { FollowUpFigures, ReportFigures, ReportRow } from "./owners-report-tables.ts";

type FunnelStage = Exclude<StudentStage, "lost">;

/** The stages a student moves through, in order; Lost is not on the way (it ends it). */
export const funnelStages = studentStages.filter((stage) => stage !== "lost") as FunnelStage[];

/**
 * A follow-up counts as done on time when a contact is logged by its due time plus this. The
 * database judges follow-ups as they are written with this grace (migration 0018): changing it
 * needs a migration that changes refresh_student_facts and refreshes every student.
 */
export const followUpGraceMinutes = 60;

export interface ReportPeriod {
  /** First day, YYYY-MM-DD (India), inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface OwnersReport {
  period: ReportPeriod;
  /** When the figures were computed: contacts and stages are counted up to this moment. */
  at: Date;
  total: ReportRow;
  byCounsellor: ReportRow[];
  byCourse: ReportRow[];
  /** By the record's branch now ("" key: not known yet). */
  byBranch: ReportRow[];
  bySource: ReportRow[];
  byCampaign: ReportRow[];
  /** Weeks (Monday, India) of arrival in the period, in order, each with its response times. */
  byWeek: ReportRow[];
}

const indiaOffsetSeconds = indiaOffsetMs / 1000;

type Grouping = "total" | "owner" | "course" | "branch" | "source" | "campaign" | "week";

/**
 * The period's new students of one owner, first course, branch and first touch (the finest grouping the
 * report needs), each as "day stage reached minutes lost-reason": the day of arrival in India in
 * days since 1970-01-01, the stage now, the furthest stage reached (1 New to 6 Enrolled), the
 * minutes to the first contact ("" when none; float8 written exactly as text, so the very
 * values percentile_cont would read) and the reason when Lost ("" otherwise), comma-separated.
 */
interface GroupRow {
  owner_id: string | null;
  course: string | null;
  branch: string | null;
  source: string;
  medium: string;
  campaign: string;
  students: string;
}

/** PostgreSQL's percentile_cont over values sorted ascending: null when there are none. */
export function percentileCont(sorted: Float64Array, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = sorted[first] as number;
  if (first === second) return low;
  const high = sorted[second] as number;
  return low + (high - low) * (position - first);
}

/** A group's figures while its students are counted, with their minutes to the first contact. */
interface Tally {
  figures: ReportFigures;
  minutes: number[];
}

const emptyFigures = (): ReportFigures => ({
  newStudents: 0,
  contacted: 0,
  responseMedianMinutes: null,
  responseP90Minutes: null,
  contactedWithin1h: 0,
  contactedWithin24h: 0,
  reached: Object.fromEntries(funnelStages.map((stage) => [stage, 0])) as ReportFigures["reached"],
  enrolled: 0,
  lost: 0,
  lostReasons: Object.fromEntries(lostReasons.map((reason) => [reason, 0])) as ReportFigures["lostReasons"],
});

const emptyTally = (): Tally => ({ figures: emptyFigures(), minutes: [] });

/** The Monday (India) of a day given in days since 1970-01-01 (a Thursday), as YYYY-MM-DD. */
const mondayOf = (day: number) => new Date((day - ((day + 3) % 7)) * dayMs).toISOString().slice(0, 10);

/** Counts one new student: stage now, furthest stage reached (1-6), minutes to the first contact. */
function countStudent(tally: Tally, stage: string, reached: number, minutes: number | null, lostReason: string) {
  const figures = tally.figures;
  figures.newStudents++;
  if (minutes !== null) {
    figures.contacted++;
    if (minutes <= 60) figures.contactedWithin1h++;
    if (minutes <= 24 * 60) figures.contactedWithin24h++;
    tally.minutes.push(minutes);
  }
  for (let at = 0; at < reached && at < funnelStages.length; at++) figures.reached[funnelStages[at] as FunnelStage]++;
  if (stage === "enrolled") figures.enrolled++;
  if (stage === "lost") {
    figures.lost++;
    if (Object.hasOwn(figures.lostReasons, lostReason)) figures.lostReasons[lostReason as LostReason]++;
  }
}

/** Adds one group's tally into a larger group's. */
function addTally(into: Tally, from: Tally) {
  const sum = into.figures;
  const part = from.figures;
  sum.newStudents += part.newStudents;
  sum.contacted += part.contacted;
  sum.contactedWithin1h += part.contactedWithin1h;
  sum.contactedWithin24h += part.contactedWithin24h;
  sum.enrolled += part.enrolled;
  sum.lost += part.lost;
  for (const stage of funnelStages) sum.reached[stage] += part.reached[stage];
  for (const reason of lostReasons) sum.lostReasons[reason] += part.lostReasons[reason];
  for (const minutes of from.minutes) into.minutes.push(minutes);
}

/** A tally's figures with its median and 90th percentile, taken as percentile_cont takes them. */
function finish(tally: Tally): ReportFigures {
  const sorted = Float64Array.from(tally.minutes).sort();
  tally.figures.responseMedianMinutes = percentileCont(sorted, 0.5);
  tally.figures.responseP90Minutes = percentileCont(sorted, 0.9);
  return tally.figures;
}

/**
 * The period's new students (student_facts by arrival) in every grouping. The database hands
 * them over in one hashed pass, grouped by owner, first course and first touch, a few fields
 * each; they are counted here, each group then added into its counsellor, course, source,
 * campaign and the whole, and each student into the week they arrived. (Counting them in the
 * database, a dozen filtered counts per group and a second pass for the days, took twice as
 * long on the embedded database: decision 020.)
 */
async function studentFigures(
  db: AppDatabase,
  start: Date,
  end: Date,
): Promise<Map<Grouping, Map<string, ReportFigures>>> {
  const result = await db.execute(sql`
    select owner_id, course, branch, utm_source as source, utm_medium as medium, utm_campaign as campaign,
      string_agg(concat_ws(' ',
        floor((date_part('epoch', created_at) + ${indiaOffsetSeconds}) / 86400)::int,
        stage, reached, coalesce(response_minutes::text, ''), coalesce(lost_reason, '')
      ), ',') as students
    from student_facts
    where created_at >= ${start} and created_at < ${end}
    group by owner_id, course, branch, utm_source, utm_medium, utm_campaign
  `);
  const groupings = new Map<Grouping, Map<string, Tally>>(
    (["total", "owner", "course", "branch", "source", "campaign", "week"] as const).map((grouping) => [
      grouping,
      new Map(),
    ]),
  );
  const tallyOf = (grouping: Grouping, key: string) => {
    const groups = groupings.get(grouping) as Map<string, Tally>;
    let tally = groups.get(key);
    if (!tally) {
      tally = emptyTally();
      groups.set(key, tally);
    }
    return tally;
  };
  const weeks = new Map<number, Tally>();
  for (const row of rowsOf<GroupRow>(result)) {
    const group = emptyTally();
    for (const student of row.students.split(",")) {
      const [day = "", stage = "", reached = "", minutes = "", lostReason = ""] = student.split(" ");
      const response = minutes === "" ? null : Number(minutes);
      countStudent(group, stage, Number(reached), response, lostReason);
      // Days of one week share a tally: the week's Monday is worked out once per day.
      const dayNumber = Number(day);
      let week = weeks.get(dayNumber);
      if (!week) {
        week = tallyOf("week", mondayOf(dayNumber));
        weeks.set(dayNumber, week);
      }
      countStudent(week, stage, Number(reached), response, lostReason);
    }
    addTally(tallyOf("total", ""), group);
    addTally(tallyOf("owner", row.owner_id ?? ""), group);
    addTally(tallyOf("course", row.course ?? ""), group);
    addTally(tallyOf("branch", row.branch ?? ""), group);
    addTally(tallyOf("source", row.source), group);
    addTally(tallyOf("campaign", row.source ? `${row.source} / ${row.medium} / ${row.campaign}` : ""), group);
  }
  const figures = new Map<Grouping, Map<string, ReportFigures>>();
  for (const [grouping, groups] of groupings) {
    const byKey = new Map<string, ReportFigures>();
    for (const [key, tally] of groups) byKey.set(key, finish(tally));
    figures.set(grouping, byKey);
  }
  return figures;
}

/** The groupings that count follow-ups: by the owner, first course and branch of their record now. */
type FollowUpGrouping = "total" | "owner" | "course" | "branch";

interface FollowUpRow {
  owner_id: string | null;
  course: string | null;
  branch: string | null;
  on_time: number;
  missed: number;
}

/**
 * Follow-ups that fell due in the period (and whose grace has passed by now), whoever's student:
 * done on time, missed, or moved before they fell due (not counted), per owner and first course
 * of their record now (and its branch). Each was judged when its student's timeline was written, and carries its
 * record's owner and course (student_follow_ups, kept by the database: migrations 0018, 0021).
 */
async function followUpFigures(
  db: AppDatabase,
  start: Date,
  end: Date,
  now: Date,
): Promise<Map<FollowUpGrouping, Map<string, FollowUpFigures>>> {
  const graceMs = followUpGraceMinutes * 60_000;
  const decidedBy = new Date(Math.min(end.getTime(), now.getTime() - graceMs));
  const groupings = new Map<FollowUpGrouping, Map<string, FollowUpFigures>>([
    ["total", new Map([["", { onTime: 0, missed: 0 }]])],
    ["owner", new Map()],
    ["course", new Map()],
    ["branch", new Map()],
  ]);
  if (decidedBy <= start) return groupings;
  const result = await db.execute(sql`
    select owner_id, course, branch, count(*) filter (where done)::int as on_time,
      count(*) filter (where not done and not moved)::int as missed
    from student_follow_ups
    where due_at >= ${start} and due_at < ${decidedBy}
    group by owner_id, course, branch
  `);
  for (const row of rowsOf<FollowUpRow>(result)) {
    const keys = { total: "", owner: row.owner_id ?? "", course: row.course ?? "", branch: row.branch ?? "" };
    for (const [grouping, groups] of groupings) {
      const count = groups.get(keys[grouping]) ?? { onTime: 0, missed: 0 };
      count.onTime += Number(row.on_time);
      count.missed += Number(row.missed);
      groups.set(keys[grouping], count);
    }
  }
  return groupings;
}

/** The owner's report for a period, counted up to `now`. */
export async function ownersReport(db: AppDatabase, period: ReportPeriod, now = new Date()): Promise<OwnersReport> {
  // From 00:00 India time of `from` to the end of `to`.
  const { start, end } = indiaDays(period.from, period.to);
  const [figures, followUps, owners] = await db.transaction(async (tx) => {
    // PostgreSQL's JIT compiler spends longer compiling these aggregates than it saves.
    await tx.execute(sql`set local jit = off`);
    // The planner takes the groups of a year's students for thousands, each holding a long list,
    // and would sort the year's rows (on disk, past work_mem) to group them: there are a few
    // hundred, and grouping them by hashing takes half the time (decision 020).
    await tx.execute(sql`set local enable_sort = off`);
    return [
      await studentFigures(tx, start, end),
      await followUpFigures(tx, start, end, now),
      await tx.execute(sql`select id, name from "user"`),
    ] as const;
  });
  const ownerNames = new Map(rowsOf<{ id: string; name: string }>(owners).map((row) => [row.id, row.name]));
  /** A grouping's rows: its students' figures, and for the follow-up groupings their follow-ups. */
  const rowsFor = (grouping: Grouping): ReportRow[] => {
    const groups = figures.get(grouping) ?? new Map<string, ReportFigures>();
    const followUpGroups = followUps.get(grouping as FollowUpGrouping);
    const keys = new Set([...groups.keys(), ...(followUpGroups?.keys() ?? [])]);
    return [...keys].map((key) => ({
      key,
      label: grouping === "owner" ? (key === "" ? "Unassigned" : (ownerNames.get(key) ?? "Removed account")) : key,
      ...(groups.get(key) ?? emptyFigures()),
      ...(followUpGroups ? { followUps: followUpGroups.get(key) ?? { onTime: 0, missed: 0 } } : {}),
    }));
  };
  const byNew = (a: ReportRow, b: ReportRow) => b.newStudents - a.newStudents || (a.label < b.label ? -1 : 1);
  const [total] = rowsFor("total");
  return {
    period,
    at: now,
    total: total ?? { key: "", label: "", ...emptyFigures(), followUps: { onTime: 0, missed: 0 } },
    byCounsellor: rowsFor("owner").sort(byNew),
    byCourse: rowsFor("course").sort(byNew),
    byBranch: rowsFor("branch").sort(byNew),
    bySource: rowsFor("source").sort(byNew),
    byCampaign: rowsFor("campaign").sort(byNew),
    byWeek: rowsFor("week").sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}
