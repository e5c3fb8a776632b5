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

interface FigureRow {
  [key: string]: unknown;
  grouping: Grouping;
  key: string | null;
  label: string | null;
  new_students: number;
  contacted: number;
  median_minutes: number | null;
  p90_minutes: number | null;
  within_1h: number;
  within_24h: number;
  enrolled: number;
  lost: number;
}

/** The period's new students with their stored facts (student_facts), aggregated over every grouping in one pass. */
async function studentFigures(db: AppDatabase, start: Date, end: Date): Promise<FigureRow[]> {
  const stageOrder = textArray(funnelStages);
  const reachedColumns = funnelStages.map(
    (stage, index) =>
      sql`, count(*) filter (where reached >= ${index + 1})::int as ${sql.identifier(`reached_${stage}`)}`,
  );
  const lostColumns = lostReasons.map(
    (reason) => sql`, count(*) filter (where lost_reason = ${reason})::int as ${sql.identifier(`lost_${reason}`)}`,
  );
  const result = await db.execute(sql`
    with facts as (
      -- Grouped by bytes (collate "C"): the groups are the same, and sorting them is cheaper.
      select coalesce(s.owner_id, '') collate "C" as owner, coalesce(s.courses[1], '') collate "C" as course,
        s.created_at, s.stage,
        s.lost_reason, date_trunc('week', s.created_at at time zone 'Asia/Kolkata') as week,
        f.first_contact_at as first_contact,
        -- greatest() would turn a missing contact into 0: only a contact has a response time.
        case when f.first_contact_at is not null
          then extract(epoch from greatest(f.first_contact_at - s.created_at, interval '0')) / 60 end as minutes,
        coalesce(greatest(array_position(${stageOrder}, s.stage), array_position(${stageOrder}, f.furthest_stage)), 1)
          as reached,
        coalesce(f.utm_source, '') collate "C" as source,
        (case when coalesce(f.utm_source, '') = '' then ''
          else f.utm_source || ' / ' || f.utm_medium || ' / ' || f.utm_campaign end) collate "C" as campaign
      from students s left join student_facts f on f.student_id = s.id
      where s.created_at >= ${start} and s.created_at < ${end}
    )
    select
      case when grouping(owner) = 0 then 'owner' when grouping(course) = 0 then 'course'
        when grouping(source) = 0 then 'source' when grouping(campaign) = 0 then 'campaign'
        when grouping(week) = 0 then 'week' else 'total' end as grouping,
      coalesce(case when grouping(owner) = 0 then owner end, case when grouping(course) = 0 then course end,
        case when grouping(source) = 0 then source end, case when grouping(campaign) = 0 then campaign end,
        case when grouping(week) = 0 then to_char(week, 'YYYY-MM-DD') end) as key,
      count(*)::int as new_students,
      count(first_contact)::int as contacted,
      percentile_cont(0.5) within group (order by minutes) as median_minutes,
      percentile_cont(0.9) within group (order by minutes) as p90_minutes,
      count(*) filter (where first_contact <= created_at + interval '1 hour')::int as within_1h,
      count(*) filter (where first_contact <= created_at + interval '24 hours')::int as within_24h,
      count(*) filter (where stage = 'enrolled')::int as enrolled,
      count(*) filter (where stage = 'lost')::int as lost
      ${sql.join(reachedColumns, sql``)}
      ${sql.join(lostColumns, sql``)}
    from facts
    group by grouping sets ((), (owner), (course), (source), (campaign), (week))
  `);
  return (result as unknown as { rows: FigureRow[] }).rows;
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

function figuresOf(row: FigureRow | undefined): ReportFigures {
  const number = (value: unknown) => Number(value ?? 0);
  const minutes = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    newStudents: number(row?.new_students),
    contacted: number(row?.contacted),
    responseMedianMinutes: minutes(row?.median_minutes),
    responseP90Minutes: minutes(row?.p90_minutes),
    contactedWithin1h: number(row?.within_1h),
    contactedWithin24h: number(row?.within_24h),
    reached: Object.fromEntries(
      funnelStages.map((stage) => [stage, number(row?.[`reached_${stage}`])]),
    ) as ReportFigures["reached"],
    enrolled: number(row?.enrolled),
    lost: number(row?.lost),
    lostReasons: Object.fromEntries(
      lostReasons.map((reason) => [reason, number(row?.[`lost_${reason}`])]),
    ) as ReportFigures["lostReasons"],
  };
}

/** The owner's report for a period, counted up to `now`. */
export async function ownersReport(db: AppDatabase, period: ReportPeriod, now = new Date()): Promise<OwnersReport> {
  const { start, end } = periodInstants(period);
  // PostgreSQL's JIT compiler spends seconds compiling these aggregates and saves less than it costs.
  const [figureRows, followUpRows, owners] = await db.transaction(async (tx) => {
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
    const keys = new Set(figureRows.filter((row) => row.grouping === grouping).map((row) => row.key ?? ""));
    if (withFollowUps) for (const row of followUpRows) if (row.grouping === grouping) keys.add(row.key ?? "");
    return [...keys].map((key) => ({
      key,
      label: grouping === "owner" ? (key === "" ? "Unassigned" : (ownerNames.get(key) ?? "Removed account")) : key,
      ...figuresOf(figureRows.find((row) => row.grouping === grouping && (row.key ?? "") === key)),
      ...(withFollowUps ? { followUps: followUps.get(`${grouping} ${key}`) ?? { onTime: 0, missed: 0 } } : {}),
    }));
  };
  const byNew = (a: ReportRow, b: ReportRow) => b.newStudents - a.newStudents || (a.label < b.label ? -1 : 1);
  const [total] = rowsOf("total", true);
  return {
    period,
    at: now,
    total: total ?? { key: "", label: "", ...figuresOf(undefined), followUps: { onTime: 0, missed: 0 } },
    byCounsellor: rowsOf("owner", true).sort(byNew),
    byCourse: rowsOf("course", true).sort(byNew),
    bySource: rowsOf("source", false).sort(byNew),
    byCampaign: rowsOf("campaign", false).sort(byNew),
    byWeek: rowsOf("week", false).sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}
