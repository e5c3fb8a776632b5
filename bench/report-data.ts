// An admissions desk after a busy year, written straight into a database for the owner's
// report benchmark (the same SQL on PGlite and PostgreSQL): counsellors, student records spread
// over the last 400 days, one enquiry or registration per record with its first touch, and a
// timeline of calls, WhatsApp messages, e-mails, notes, stage changes and follow-ups, about
// `timelineEntries / records` per record. setseed() makes every run generate the same rows.
import { sql } from "drizzle-orm";
import type { AppDatabase } from "../app/platform/database.server.ts";

export interface PipelineSize {
  records: number;
  timelineEntries: number;
}

const counsellors = 10;
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");
const courses = ["embedded", "python fullstack", "iot", "ai", "matlab"];
const sources = ["", "", "google", "instagram", "whatsapp", "newsletter"];
const campaigns = ["", "", "admissions-2026", "summer-batch", "alumni-referral", "monthly"];
const mediums = ["", "", "cpc", "social", "message", "email"];
const stages = ["contacted", "counselled", "visit", "applied", "enrolled", "lost"];
const reasons = ["not_interested", "fees", "joined_elsewhere", "unreachable", "wrong_number", "other"];
const iso = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Fills an empty, migrated database with `records` student records and `timelineEntries` entries. */
export async function fillPipeline(db: AppDatabase, { records, timelineEntries }: PipelineSize): Promise<void> {
  const perRecord = Math.max(1, Math.floor(timelineEntries / records));
  const extra = timelineEntries - perRecord * records;
  const statements = [
    "select setseed(0.42)",
    `insert into "user" (id, name, email, role)
      select 'report-counsellor-' || i, 'Counsellor ' || i, 'counsellor' || i || '@example.org', 'admin'
      from generate_series(1, ${counsellors}) as i on conflict do nothing`,
    // Arrivals: more recent days are busier; a tenth wait unassigned.
    `insert into students (name, email, mobile, mobiles, emails, state, district, courses, owner_id, created_at, updated_at)
      select 'Student ' || i, 's' || i || '@example.org', (7000000000 + i)::text, array[(7000000000 + i)::text],
        array['s' || i || '@example.org'], 'karnataka', 'Bengaluru Urban',
        case when i % 7 = 0 then '{}'::text[] else array[(array[${list(courses)}])[1 + (i * 13) % ${courses.length}]] end,
        case when i % 10 = 0 then null else 'report-counsellor-' || (1 + (i * 7) % ${counsellors}) end,
        t, t
      from (select i, now() - (sqrt(random()) * interval '400 days') as t from generate_series(1, ${records}) as i) as g`,
    // One form per record, carrying the first touch.
    `insert into enquiries (name, email, mobile, stream, major, state, district, created_at, consented_at,
        submission_token, landing_page, utm_source, utm_medium, utm_campaign, student_id)
      select s.name, s.email, s.mobile, 'B.E', 'ECE', 'karnataka', 'Bengaluru Urban', s.created_at, s.created_at,
        'report-' || s.id, '/contact', (array[${list(sources)}])[k], (array[${list(mediums)}])[k],
        (array[${list(campaigns)}])[k], s.id
      from (select s.*, 1 + (s.id * 11) % ${sources.length} as k from students s) s where s.courses = '{}'`,
    `insert into registrations (name, email, mobile, stream, major, state, district, created_at, consented_at,
        submission_token, landing_page, utm_source, utm_medium, utm_campaign, student_id, course)
      select s.name, s.email, s.mobile, 'B.E', 'ECE', 'karnataka', 'Bengaluru Urban', s.created_at, s.created_at,
        'report-' || s.id, '/online/register', (array[${list(sources)}])[k], (array[${list(mediums)}])[k],
        (array[${list(campaigns)}])[k], s.id, s.courses[1]
      from (select s.*, 1 + (s.id * 11) % ${sources.length} as k from students s) s where s.courses <> '{}'`,
    // The timeline: entry n of a record happens some hours after entry n - 1. The first is the
    // form; the first contact comes minutes to days later; then a mix of work.
    `insert into student_timeline (student_id, kind, actor_id, actor_label, at, detail)
      select s.id, e.kind, case when e.kind = 'submission' then null else s.owner_id end,
        case when e.kind = 'submission' then '' else coalesce(s.owner_id, '') end, e.at, e.detail
      from students s
      cross join lateral (
        select n, kind, at,
          case kind
            when 'submission' then jsonb_build_object('form', 'enquiry', 'course', s.courses[1])
            when 'stage' then jsonb_build_object('to', (array[${list(stages)}])[least(6, 1 + (n / 3) + ((s.id + n) % 3))])
            when 'follow_up' then jsonb_build_object('from', null, 'to', ${iso("at + interval '1 day' * (1 + (s.id + n) % 4)")})
            when 'note' then jsonb_build_object('text', 'Spoke about fees and batch dates.')
            else jsonb_build_object('outcome', 'connected', 'note', '')
          end as detail
        from (
          select n,
            case when n = 0 then 'submission'
                 when n = 1 then (array['call', 'call', 'whatsapp', 'email'])[1 + (s.id % 4)]
                 else (array['call', 'stage', 'follow_up', 'whatsapp', 'note', 'call', 'email', 'follow_up'])[1 + (s.id + n) % 8]
            end as kind,
            s.created_at + case when n = 0 then interval '0'
              else interval '1 minute' * exp(random() * ln(4320)) + interval '20 hours' * (n - 1) end as at
          from generate_series(0, ${perRecord} - 1 + case when s.id <= ${extra} then 1 else 0 end) as n
        ) as k
      ) as e`,
    // Each record's stage is its last stage change (lost with a reason).
    `update students s set stage = l.stage,
        lost_reason = case when l.stage = 'lost' then (array[${list(reasons)}])[1 + s.id % ${reasons.length}] end,
        next_follow_up_at = case when s.id % 3 = 0 then now() + interval '1 day' * ((s.id % 9) - 4) end
      from (select distinct on (student_id) student_id, detail ->> 'to' as stage from student_timeline
            where kind = 'stage' order by student_id, at desc, id desc) as l
      where l.student_id = s.id`,
    "analyze",
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}
