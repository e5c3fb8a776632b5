// The owner's report of the admissions desk: for a range of days in India, how fast and how
// well the desk worked the students who arrived, per counsellor, course, source and campaign.
// What each figure counts is decided in docs/decisions/020-owners-report.md; every figure is
// computed by the database in two queries (one over the period's new students, one over the
// follow-ups that fell due), so a year of a busy desk stays well under a second.
import { sql } from "drizzle-orm";
// Relative imports with extensions: the benchmark loads this module with plain Node.
import type { AppDatabase } from "../platform/database.server.ts";
import type { ReportFigures, ReportRow } from "./owners-report-tables.ts";
import { lostReasons, type StudentStage, studentStages } from "./student-stages.ts";

/** The stages a student moves through, in order; Lost is not on the way (it ends it). */
export const funnelStages = studentStages.filter((stage) => stage !== "lost") as Exclude<StudentStage, "lost">[];

/** Timeline kinds that are the desk reaching the student. */
export const contactKinds = ["call", "whatsapp", "email"] as const;

/** A follow-up counts as done on time when a contact is logged by its due time plus this. */
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

/** Per-student facts of the period's new students, aggregated over every grouping in one pass. */
async function studentFigures(db: AppDatabase, start: Date, end: Date): Promise<FigureRow[]> {
  const stageOrder = textArray(funnelStages);
  const contacts = textArray(contactKinds);
  const reachedColumns = funnelStages.map(
    (stage, index) =>
      sql`, count(*) filter (where reached >= ${index + 1})::int as ${sql.identifier(`reached_${stage}`)}`,
  );
  const lostColumns = lostReasons.map(
    (reason) => sql`, count(*) filter (where lost_reason = ${reason})::int as ${sql.identifier(`lost_${reason}`)}`,
  );
  const result = await db.execute(sql`
    with cohort as (
      select s.id, coalesce(s.owner_id, '') as owner, coalesce(s.courses[1], '') as course, s.created_at,
        s.stage, s.lost_reason,
        to_char(date_trunc('week', s.created_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as week
      from students s
      where s.created_at >= ${start} and s.created_at < ${end}
    ),
    -- A student's timeline starts when the record does: only entries since the period began matter.
    first_contact as (
      select t.student_id, min(t.at) as at from student_timeline t
      where t.kind = any(${contacts}) and t.at >= ${start}
      group by t.student_id
    ),
    furthest as (
      select t.student_id, max(array_position(${stageOrder}, t.detail ->> 'to')) as rank from student_timeline t
      where t.kind = 'stage' and t.at >= ${start}
      group by t.student_id
    ),
    -- A record is made by its first form, so its first form was sent in the period too.
    first_touch as (
      select distinct on (f.student_id) f.student_id, f.utm_source, f.utm_medium, f.utm_campaign
      from (
        select e.student_id, e.created_at, e.id, e.utm_source, e.utm_medium, e.utm_campaign from enquiries e
          where e.created_at >= ${start} and e.student_id is not null
        union all
        select r.student_id, r.created_at, r.id, r.utm_source, r.utm_medium, r.utm_campaign from registrations r
          where r.created_at >= ${start} and r.student_id is not null
      ) as f
      order by f.student_id, f.created_at, f.id
    ),
    facts as (
      select c.*, fc.at as first_contact,
        -- greatest() would turn a missing contact into 0: only a contact has a response time.
        case when fc.at is not null then extract(epoch from greatest(fc.at - c.created_at, interval '0')) / 60 end as minutes,
        coalesce(greatest(array_position(${stageOrder}, c.stage), fu.rank), 1) as reached,
        coalesce(ft.utm_source, '') as source,
        case when coalesce(ft.utm_source, '') = '' then ''
          else ft.utm_source || ' / ' || ft.utm_medium || ' / ' || ft.utm_campaign end as campaign
      from cohort c
        left join first_contact fc on fc.student_id = c.id
        left join furthest fu on fu.student_id = c.id
        left join first_touch ft on ft.student_id = c.id
    )
    select
      case when grouping(owner) = 0 then 'owner' when grouping(course) = 0 then 'course'
        when grouping(source) = 0 then 'source' when grouping(campaign) = 0 then 'campaign'
        when grouping(week) = 0 then 'week' else 'total' end as grouping,
      coalesce(case when grouping(owner) = 0 then owner end, case when grouping(course) = 0 then course end,
        case when grouping(source) = 0 then source end, case when grouping(campaign) = 0 then campaign end,
        case when grouping(week) = 0 then week end) as key,
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
 * done on time, missed, or moved before they fell due (not counted).
 */
async function followUpFigures(db: AppDatabase, start: Date, end: Date, now: Date): Promise<FollowUpRow[]> {
  const graceMs = followUpGraceMinutes * 60_000;
  const decidedBy = new Date(Math.min(end.getTime(), now.getTime() - graceMs));
  if (decidedBy <= start) return [{ grouping: "total", key: null, on_time: 0, missed: 0 }];
  const contacts = textArray(contactKinds);
  // Follow-up times are stored as ISO strings in UTC (toISOString), which sort as the instants do.
  const result = await db.execute(sql`
    with due as (
      select f.id, f.student_id, f.at as set_at, (f.detail ->> 'to')::timestamptz as due_at
      from student_timeline f
      where f.kind = 'follow_up' and f.detail ->> 'to' >= ${start.toISOString()}
        and f.detail ->> 'to' < ${decidedBy.toISOString()}
    ),
    judged as (
      select d.*, coalesce(s.owner_id, '') as owner, coalesce(s.courses[1], '') as course,
        exists (select 1 from student_timeline c where c.student_id = d.student_id and c.kind = any(${contacts})
          and c.at >= d.set_at and c.at <= d.due_at + make_interval(mins => ${followUpGraceMinutes})) as done,
        exists (select 1 from student_timeline r where r.student_id = d.student_id and r.kind = 'follow_up'
          and r.id <> d.id and r.at >= d.set_at and r.at < d.due_at) as moved
      from due d join students s on s.id = d.student_id
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
