// The owner's report of the admissions desk: for a range of days in India, how fast and how
// well the desk worked the students who arrived, per counsellor, course, source and campaign.
// What each figure counts is decided in docs/decisions/020-owners-report.md; the figures come
// from two queries, one grouping the period's new students by hashing (percentiles taken here
// from each group's minutes) and one over the follow-ups that fell due, both reading facts the
// database keeps as timelines and forms are written (student_facts and student_follow_ups,
// migration 0018), so a year of a busy desk stays fast.
import { sql } from "drizzle-orm";
// Relative imports with extensions: the benchmark loads this module with plain Node.
import type { AppDatabase } from "../platform/database.server.ts";
import type { ReportFigures, ReportRow } from "./owners-report-tables.ts";
import { lostReasons, type StudentStage, studentStages } from "./student-stages.ts";

/** The stages a student moves through, in order; Lost is not on the way (it ends it). */
export const funnelStages = studentStages.filter((stage) => stage !== "lost") as Exclude<StudentStage, "lost">[];

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

/** One group of the period's new students, as studentFigures reads it. */
interface GroupRow {
  [key: string]: unknown;
  g_owner: number;
  g_course: number;
  g_source: number;
  g_campaign: number;
  g_day: number;
  owner: string | null;
  course: string | null;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** Day of arrival in India, in days since 1970-01-01. */
  day: number | null;
  new_students: number;
  contacted: number;
  within_1h: number;
  within_24h: number;
  enrolled: number;
  lost: number;
  /** The contacted students' minutes to the first contact (float8 as text, comma-separated). */
  minutes: string | null;
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

/** A group's figures while its rows are added up. */
interface Tally {
  figures: ReportFigures;
  minutes: string[];
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

/** Which grouping a row of studentFigures' grouping sets belongs to, and its key. */
function groupOf(row: GroupRow): [Grouping, string] {
  if (Number(row.g_owner) === 0) return ["owner", row.owner ?? ""];
  if (Number(row.g_course) === 0) return ["course", row.course ?? ""];
  if (Number(row.g_campaign) === 0)
    return ["campaign", row.source ? `${row.source} / ${row.medium ?? ""} / ${row.campaign ?? ""}` : ""];
  if (Number(row.g_source) === 0) return ["source", row.source ?? ""];
  if (Number(row.g_day) === 0) return ["week", mondayOf(Number(row.day))];
  return ["total", ""];
}

/**
 * The period's new students with their stored facts (student_facts), counted over every grouping
 * in one pass. The database groups by hashing, so it sorts nothing: each group hands over its
 * response times unsorted and the percentiles are taken here, as percentile_cont takes them.
 * Campaigns are grouped by their three parts and days of arrival are added up into weeks here.
 */
async function studentFigures(
  db: AppDatabase,
  start: Date,
  end: Date,
): Promise<Map<Grouping, Map<string, ReportFigures>>> {
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
      select coalesce(s.owner_id, '') as owner, coalesce(s.courses[1], '') as course,
        coalesce(f.utm_source, '') as source, f.utm_medium as medium, f.utm_campaign as campaign,
        (s.created_at at time zone 'Asia/Kolkata')::date - date '1970-01-01' as day,
        s.created_at, s.stage, s.lost_reason, f.first_contact_at as first_contact,
        -- greatest() would turn a missing contact into 0: only a contact has a response time.
        case when f.first_contact_at is not null
          then extract(epoch from greatest(f.first_contact_at - s.created_at, interval '0')) / 60 end as minutes,
        coalesce(greatest(array_position(${stageOrder}, s.stage), array_position(${stageOrder}, f.furthest_stage)), 1)
          as reached
      from students s left join student_facts f on f.student_id = s.id
      where s.created_at >= ${start} and s.created_at < ${end}
    )
    select grouping(owner) as g_owner, grouping(course) as g_course, grouping(source) as g_source,
      grouping(campaign) as g_campaign, grouping(day) as g_day,
      owner, course, source, medium, campaign, day,
      count(*)::int as new_students,
      count(first_contact)::int as contacted,
      count(*) filter (where first_contact <= created_at + interval '1 hour')::int as within_1h,
      count(*) filter (where first_contact <= created_at + interval '24 hours')::int as within_24h,
      count(*) filter (where stage = 'enrolled')::int as enrolled,
      count(*) filter (where stage = 'lost')::int as lost,
      -- percentile_cont reads the minutes as float8: the same values, written exactly.
      string_agg(minutes::float8::text, ',') as minutes
      ${sql.join(reachedColumns, sql``)}
      ${sql.join(lostColumns, sql``)}
    from facts
    group by grouping sets ((), (owner), (course), (source), (source, medium, campaign), (day))
  `);
  const groupings = new Map<Grouping, Map<string, Tally>>(
    (["total", "owner", "course", "source", "campaign", "week"] as const).map((grouping) => [grouping, new Map()]),
  );
  for (const row of (result as unknown as { rows: GroupRow[] }).rows) {
    const [grouping, key] = groupOf(row);
    const groups = groupings.get(grouping) as Map<string, Tally>;
    const tally = groups.get(key) ?? { figures: emptyFigures(), minutes: [] };
    groups.set(key, tally);
    const figures = tally.figures;
    figures.newStudents += Number(row.new_students);
    figures.contacted += Number(row.contacted);
    figures.contactedWithin1h += Number(row.within_1h);
    figures.contactedWithin24h += Number(row.within_24h);
    figures.enrolled += Number(row.enrolled);
    figures.lost += Number(row.lost);
    for (const stage of funnelStages) figures.reached[stage] += Number(row[`reached_${stage}`] ?? 0);
    for (const reason of lostReasons) figures.lostReasons[reason] += Number(row[`lost_${reason}`] ?? 0);
    if (row.minutes) tally.minutes.push(row.minutes);
  }
  const figures = new Map<Grouping, Map<string, ReportFigures>>();
  for (const [grouping, groups] of groupings) {
    const byKey = new Map<string, ReportFigures>();
    for (const [key, tally] of groups) {
      const sorted = new Float64Array(tally.figures.contacted);
      let at = 0;
      for (const list of tally.minutes) for (const text of list.split(",")) sorted[at++] = Number(text);
      sorted.sort();
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
    -- Counted per student first: the students are looked up once each, not once per follow-up.
    with judged as (
      select student_id, count(*) filter (where done) as on_time, count(*) filter (where not done and not moved) as missed
      from student_follow_ups
      where due_at >= ${start} and due_at < ${decidedBy}
      group by student_id
    ), owned as (
      select coalesce(s.owner_id, '') as owner, coalesce(s.courses[1], '') as course, j.on_time, j.missed
      from judged j join students s on s.id = j.student_id
    )
    select case when grouping(owner) = 0 then 'owner' when grouping(course) = 0 then 'course' else 'total' end as grouping,
      coalesce(case when grouping(owner) = 0 then owner end, case when grouping(course) = 0 then course end) as key,
      coalesce(sum(on_time), 0)::int as on_time,
      coalesce(sum(missed), 0)::int as missed
    from owned
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
