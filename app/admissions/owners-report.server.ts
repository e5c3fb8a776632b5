// The owner's report of the admissions desk: for a range of days in India, how fast and how
// well the desk worked the students who arrived, per counsellor, course, source and campaign.
// What each figure counts is decided in docs/decisions/020-owners-report.md; every figure is
// computed by the database in two queries, one over the period's new students and one over the
// follow-ups that fell due, from facts the database keeps as timelines and forms are written
// (student_facts and student_follow_ups, migration 0018), so a year of a busy desk stays fast.
import { sql } from "drizzle-orm";
// Relative imports with extensions: the benchmark loads this module with plain Node.
import type { AppDatabase } from "../platform/database.server.ts";
import type { ReportFigures, ReportRow } from "./owners-report-tables.ts";
import { lostReasons, type StudentStage, studentStages } from "./student-stages.ts";

/** The stages a student moves through, in order; Lost is not on the way (it ends it). */
export const funnelStages = studentStages.filter((stage) => stage !== "lost") as Exclude<StudentStage, "lost">[];

/** Timeline kinds that are the desk reaching the student. */
export const contactKinds = ["call", "whatsapp", "email"] as const;

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
  bySource: ReportRow[];
  byCampaign: ReportRow[];
  /** Weeks (Monday, India) of arrival in the period, in order, each with its response times. */
  byWeek: ReportRow[];
}

/** The period's first and last instants: from 00:00 India time of `from` to the end of `to`. */
export function periodInstants(period: ReportPeriod): { start: Date; end: Date } {
  const start = new Date(`${period.from}T00:00:00+05:30`);
  const end = new Date(new Date(`${period.to}T00:00:00+05:30`).getTime() + 86_400_000);
  return { start, end };
}

const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

type Grouping = "total" | "owner" | "course" | "source" | "campaign" | "week";

/** One of the period's new students, as studentFigures reads it. */
interface StudentRow {
  [key: string]: unknown;
  owner: string;
  course: string;
  source: string;
  medium: string;
  campaign: string;
  /** Day of arrival in India, in days since 1970-01-01. */
  day: number;
  /** Minutes from arrival to the first contact (float8, as percentile_cont reads them); null without one. */
  minutes: number | null;
  within_1h: boolean;
  within_24h: boolean;
  stage: string;
  /** Furthest stage reached, 1 (New) to funnelStages.length. */
  reached: number;
  lost_reason: string | null;
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

/** A group's running figures while the students are read. */
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

/** The Monday (India) of a day given in days since 1970-01-01 (a Thursday), as YYYY-MM-DD. */
const mondayOf = (day: number) => new Date((day - ((day + 3) % 7)) * 86_400_000).toISOString().slice(0, 10);

/**
 * The period's new students with their stored facts (student_facts), read once and counted per
 * grouping here: a sort per grouping for the percentiles costs the database far more than it
 * costs to sort the minutes of each group in memory. Groups are told apart by their exact text,
 * as the database's groups by bytes were.
 */
async function studentFigures(
  db: AppDatabase,
  start: Date,
  end: Date,
): Promise<Map<Grouping, Map<string, ReportFigures>>> {
  const stageOrder = textArray(funnelStages);
  const result = await db.execute(sql`
    select coalesce(s.owner_id, '') as owner, coalesce(s.courses[1], '') as course,
      coalesce(f.utm_source, '') as source, f.utm_medium as medium, f.utm_campaign as campaign,
      (s.created_at at time zone 'Asia/Kolkata')::date - date '1970-01-01' as day,
      -- greatest() would turn a missing contact into 0: only a contact has a response time.
      case when f.first_contact_at is not null
        then (extract(epoch from greatest(f.first_contact_at - s.created_at, interval '0')) / 60)::float8 end as minutes,
      coalesce(f.first_contact_at <= s.created_at + interval '1 hour', false) as within_1h,
      coalesce(f.first_contact_at <= s.created_at + interval '24 hours', false) as within_24h,
      s.stage, s.lost_reason,
      coalesce(greatest(array_position(${stageOrder}, s.stage), array_position(${stageOrder}, f.furthest_stage)), 1)
        as reached
    from students s left join student_facts f on f.student_id = s.id
    where s.created_at >= ${start} and s.created_at < ${end}
  `);
  const rows = (result as unknown as { rows: StudentRow[] }).rows;
  const groupings = new Map<Grouping, Map<string, Tally>>(
    (["total", "owner", "course", "source", "campaign", "week"] as const).map((grouping) => [grouping, new Map()]),
  );
  const weeks = new Map<number, string>();
  const tallyOf = (grouping: Grouping, key: string) => {
    const groups = groupings.get(grouping) as Map<string, Tally>;
    const found = groups.get(key);
    if (found) return found;
    const tally: Tally = { figures: emptyFigures(), minutes: [] };
    groups.set(key, tally);
    return tally;
  };
  for (const row of rows) {
    const day = Number(row.day);
    const week = weeks.get(day) ?? mondayOf(day);
    weeks.set(day, week);
    const campaign = row.source === "" ? "" : `${row.source} / ${row.medium} / ${row.campaign}`;
    const minutes = row.minutes === null ? null : Number(row.minutes);
    const reached = Number(row.reached);
    const lostReason = row.lost_reason as (typeof lostReasons)[number] | null;
    for (const tally of [
      tallyOf("total", ""),
      tallyOf("owner", row.owner),
      tallyOf("course", row.course),
      tallyOf("source", row.source),
      tallyOf("campaign", campaign),
      tallyOf("week", week),
    ]) {
      const figures = tally.figures;
      figures.newStudents++;
      if (minutes !== null) {
        figures.contacted++;
        tally.minutes.push(minutes);
      }
      if (row.within_1h) figures.contactedWithin1h++;
      if (row.within_24h) figures.contactedWithin24h++;
      for (let index = 0; index < reached && index < funnelStages.length; index++)
        figures.reached[funnelStages[index] as (typeof funnelStages)[number]]++;
      if (row.stage === "enrolled") figures.enrolled++;
      else if (row.stage === "lost") figures.lost++;
      if (lostReason !== null && lostReason in figures.lostReasons) figures.lostReasons[lostReason]++;
    }
  }
  const figures = new Map<Grouping, Map<string, ReportFigures>>();
  for (const [grouping, groups] of groupings) {
    const byKey = new Map<string, ReportFigures>();
    for (const [key, tally] of groups) {
      const sorted = Float64Array.from(tally.minutes).sort();
      tally.figures.responseMedianMinutes = percentileCont(sorted, 0.5);
      tally.figures.responseP90Minutes = percentileCont(sorted, 0.9);
      byKey.set(key, tally.figures);
    }
    figures.set(grouping, byKey);
  }
  return figures;
}

interface FollowUpRow {
  grouping: "total" | "owner" | "course";
  key: string | null;
  on_time: number;
  missed: number;
}

/**
 * Follow-ups that fell due in the period (and whose grace has passed by now), whoever's student:
 * done on time, missed, or moved before they fell due (not counted). Each was judged when its
 * student's timeline was written (student_follow_ups, kept by the database: migration 0018).
 */
async function followUpFigures(db: AppDatabase, start: Date, end: Date, now: Date): Promise<FollowUpRow[]> {
  const graceMs = followUpGraceMinutes * 60_000;
  const decidedBy = new Date(Math.min(end.getTime(), now.getTime() - graceMs));
  if (decidedBy <= start) return [{ grouping: "total", key: null, on_time: 0, missed: 0 }];
  const result = await db.execute(sql`
    with judged as (
      select coalesce(s.owner_id, '') collate "C" as owner, coalesce(s.courses[1], '') collate "C" as course,
        f.done, f.moved
      from student_follow_ups f join students s on s.id = f.student_id
      where f.due_at >= ${start} and f.due_at < ${decidedBy}
    )
    select case when grouping(owner) = 0 then 'owner' when grouping(course) = 0 then 'course' else 'total' end as grouping,
      coalesce(case when grouping(owner) = 0 then owner end, case when grouping(course) = 0 then course end) as key,
      count(*) filter (where done)::int as on_time,
      count(*) filter (where not done and not moved)::int as missed
    from judged
    group by grouping sets ((), (owner), (course))
  `);
  return (result as unknown as { rows: FollowUpRow[] }).rows;
}

/** The owner's report for a period, counted up to `now`. */
export async function ownersReport(db: AppDatabase, period: ReportPeriod, now = new Date()): Promise<OwnersReport> {
  const { start, end } = periodInstants(period);
  // PostgreSQL's JIT compiler spends seconds compiling these aggregates and saves less than it costs.
  const [figures, followUpRows, owners] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return [
      await studentFigures(tx, start, end),
      await followUpFigures(tx, start, end, now),
      await tx.execute(sql`select id, name from "user"`),
    ] as const;
  });
  const ownerNames = new Map(
    (owners as unknown as { rows: { id: string; name: string }[] }).rows.map((row) => [row.id, row.name]),
  );
  const followUps = new Map(
    followUpRows.map((row) => [`${row.grouping} ${row.key ?? ""}`, { onTime: row.on_time, missed: row.missed }]),
  );
  const rowsOf = (grouping: Grouping, withFollowUps: boolean): ReportRow[] => {
    const groups = figures.get(grouping) ?? new Map<string, ReportFigures>();
    const keys = new Set(groups.keys());
    if (withFollowUps) for (const row of followUpRows) if (row.grouping === grouping) keys.add(row.key ?? "");
    return [...keys].map((key) => ({
      key,
      label: grouping === "owner" ? (key === "" ? "Unassigned" : (ownerNames.get(key) ?? "Removed account")) : key,
      ...(groups.get(key) ?? emptyFigures()),
      ...(withFollowUps ? { followUps: followUps.get(`${grouping} ${key}`) ?? { onTime: 0, missed: 0 } } : {}),
    }));
  };
  const byNew = (a: ReportRow, b: ReportRow) => b.newStudents - a.newStudents || (a.label < b.label ? -1 : 1);
  const [total] = rowsOf("total", true);
  return {
    period,
    at: now,
    total: total ?? { key: "", label: "", ...emptyFigures(), followUps: { onTime: 0, missed: 0 } },
    byCounsellor: rowsOf("owner", true).sort(byNew),
    byCourse: rowsOf("course", true).sort(byNew),
    bySource: rowsOf("source", false).sort(byNew),
    byCampaign: rowsOf("campaign", false).sort(byNew),
    byWeek: rowsOf("week", false).sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}
