// An institute's admissions desk after a few busy years, written straight into a database (the
// same SQL on PGlite and PostgreSQL): staff accounts, student records spread over two years with
// a realistic mix of courses, stages, owners, follow-ups and first-touch sources, one enquiry or
// registration per record, and a timeline of calls, WhatsApp messages, notes, stage changes and
// follow-ups. One data set for the desk's list and search and for the owner's report (which
// reads first contacts, stages reached, follow-ups kept and missed, and first touches).
// setseed() makes every run generate the same rows.

export interface PipelineSize {
  records: number;
  timelineEntries: number;
}

/** The staff accounts the records are spread over (counsellors first, one admin last). */
export const pipelineOwners = [
  ["bench-counsellor-1", "Anitha Rao", "embedded"],
  ["bench-counsellor-2", "Bharath Kumar", "embedded"],
  ["bench-counsellor-3", "Chitra Menon", "python"],
  ["bench-counsellor-4", "Deepak Nair", "python"],
  ["bench-counsellor-5", "Farah Sheikh", "iot"],
  ["bench-counsellor-6", "Gopal Iyer", "ai"],
  ["bench-counsellor-7", "Harini Subramanian", "matlab"],
  ["bench-counsellor-8", "Imran Khan", "ai"],
  ["bench-admin", "Jaya Prakash", "admin"],
] as const;

const firstNames = [
  "Aarav",
  "Aditi",
  "Akash",
  "Ananya",
  "Arjun",
  "Bhavana",
  "Deepika",
  "Divya",
  "Ganesh",
  "Harish",
  "Ishaan",
  "Kavya",
  "Karthik",
  "Lakshmi",
  "Manoj",
  "Meera",
  "Naveen",
  "Nisha",
  "Pooja",
  "Pradeep",
  "Priya",
  "Rahul",
  "Ramya",
  "Ravi",
  "Sahana",
  "Sanjay",
  "Shreya",
  "Siddharth",
  "Sneha",
  "Suresh",
  "Tejas",
  "Varun",
  "Vidya",
  "Vignesh",
  "Yamini",
  "Zoya",
];
const lastNames = [
  "Acharya",
  "Bhat",
  "Chandran",
  "Das",
  "Gowda",
  "Hegde",
  "Iyer",
  "Jain",
  "Kamath",
  "Krishnan",
  "Menon",
  "Murthy",
  "Nair",
  "Patil",
  "Pillai",
  "Rao",
  "Reddy",
  "Shetty",
  "Srinivasan",
  "Venkatesh",
];
const districts: [string, string][] = [
  ["karnataka", "Bengaluru Urban"],
  ["karnataka", "Mysuru"],
  ["karnataka", "Udupi"],
  ["karnataka", "Dharwad"],
  ["tamilnadu", "Chennai"],
  ["tamilnadu", "Coimbatore"],
  ["tamilnadu", "Madurai"],
  ["kerala", "Ernakulam"],
];
const courses = ["embedded", "python fullstack", "iot", "ai", "matlab"];
const sources: [string, string, string][] = [
  ["", "", ""],
  ["", "", ""],
  ["google", "cpc", "admissions-2026"],
  ["instagram", "social", "summer-batch"],
  ["whatsapp", "message", "alumni-referral"],
  ["newsletter", "email", "monthly"],
];
// How the records are spread over the stages (out of 100), as a busy desk looks.
const stageShares: [string, number][] = [
  ["new", 18],
  ["contacted", 24],
  ["counselled", 14],
  ["visit", 8],
  ["applied", 6],
  ["enrolled", 10],
  ["lost", 20],
];
const funnel = ["new", "contacted", "counselled", "visit", "applied", "enrolled"];
const lostReasons = ["not_interested", "fees", "joined_elsewhere", "unreachable", "wrong_number", "other"];

const list = (values: readonly string[]) => values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");

/** The stage of record i, as a SQL expression following stageShares. */
function stageOf(i: string): string {
  let upTo = 0;
  const cases = stageShares.map(([stage, share]) => {
    upTo += share;
    return `when (${i} * 37) % 100 < ${upTo} then '${stage}'`;
  });
  return `case ${cases.join(" ")} end`;
}

/** Statements that fill user, students, enquiries, registrations and student_timeline. */
export function pipelineStatements({ records, timelineEntries }: PipelineSize): string[] {
  const owners = pipelineOwners.filter(([, , role]) => role !== "admin").map(([id]) => id);
  const perRecord = Math.max(1, Math.round(timelineEntries / records));
  return [
    "select setseed(0.17)",
    `insert into "user" (id, name, email, email_verified, role)
      values ${pipelineOwners
        .map(([id, name, role]) => `('${id}', '${name}', '${id}@example.org', true, '${role}')`)
        .join(", ")}
      on conflict (id) do nothing`,
    // Records over the last two years, oldest first; one in ten has no owner (waiting in Unassigned).
    `insert into students (name, email, mobile, mobiles, emails, state, district, courses, stage, lost_reason,
        owner_id, next_follow_up_at, version, created_at, updated_at)
      select g.name, g.email, g.mobile, array[g.mobile], array[g.email], g.state, g.district, g.courses,
        g.stage, case when g.stage = 'lost' then (array[${list(lostReasons)}])[1 + i % ${lostReasons.length}] end,
        case when i % 10 = 0 then null else (array[${list(owners)}])[1 + (i * 7) % ${owners.length}] end,
        case when g.stage in ('new', 'contacted', 'counselled', 'visit', 'applied') and i % 5 <> 0
          then now() + (random() * 40 - 20) * interval '1 day' end,
        1 + i % 6, g.created, g.created + random() * (now() - g.created)
      from (
        select i, first || ' ' || last as name,
          lower(first) || '.' || lower(last) || i || '@example.in' as email,
          (6000000000 + i * 17)::text as mobile,
          (array[${list(districts.map(([state]) => state))}])[1 + i % ${districts.length}] as state,
          (array[${list(districts.map(([, district]) => district))}])[1 + i % ${districts.length}] as district,
          case when i % 7 = 0 then array[(array[${list(courses)}])[1 + i % 5], (array[${list(courses)}])[1 + (i + 2) % 5]]
               when i % 9 = 0 then '{}'::text[]
               else array[(array[${list(courses)}])[1 + i % 5]] end as courses,
          ${stageOf("i")} as stage,
          -- In the order they arrived, as a desk's records are stored.
          now() - interval '730 days' * (1 - i::float / ${records}) - random() * interval '1 hour' as created
        from generate_series(1, ${records}) as i,
          lateral (select (array[${list(firstNames)}])[1 + (i * 13) % ${firstNames.length}] as first,
                          (array[${list(lastNames)}])[1 + (i * 29) % ${lastNames.length}] as last) as n
      ) as g`,
    // One form per record: a registration when it names a course, else an enquiry.
    ...(["enquiries", "registrations"] as const).map(
      (table) => `insert into ${table} (name, email, mobile, stream, major, state, district, created_at, consented_at,
          submission_token, status, landing_page, utm_source, utm_medium, utm_campaign, student_id
          ${table === "registrations" ? ", course" : ""})
        select s.name, s.email, s.mobile, 'B.E', 'ECE', s.state, s.district, s.created_at, s.created_at,
          'pipeline-' || s.id, 'new', (array['/', '/contact', '/courses/embedded', '/online/register'])[1 + s.id % 4],
          c.s, c.m, c.c, s.id ${table === "registrations" ? ", s.courses[1]" : ""}
        from students s
        join (select row_number() over () - 1 as k, s, m, c from (values ${sources
          .map((row) => `(${list(row)})`)
          .join(", ")}) as v(s, m, c)) as c on c.k = s.id % ${sources.length}
        where cardinality(s.courses) ${table === "registrations" ? ">" : "="} 0`,
    ),
    // The timeline: the arrival; the first contact minutes to three days later (a note instead for
    // a record still New, never reached); then calls, WhatsApp messages, e-mails, notes, stage
    // changes towards the record's stage and follow-ups set one to four days ahead, about every 20
    // hours, none after now. Follow-up times are written as the desk writes them (toISOString).
    `insert into student_timeline (student_id, kind, actor_id, actor_label, at, detail)
      select s.id, 'submission', null, '', s.created_at, jsonb_build_object('form', 'registration', 'submissionId', s.id)
      from students s`,
    `insert into student_timeline (student_id, kind, actor_id, actor_label, at, detail)
      select s.id, k.kind, s.owner_id, coalesce(s.owner_id, ''), k.at,
        case k.kind
          when 'call' then jsonb_build_object('outcome', (array['connected', 'no_answer', 'busy', 'call_back_later'])[1 + (s.id + n.n) % 4], 'note', 'Asked about fees and the next batch')
          when 'note' then jsonb_build_object('text', 'Parent will decide after the weekend; prefers the weekend batch.')
          when 'stage' then jsonb_build_object('from', 'new', 'to',
            case when s.stage = 'lost' then (array['contacted', 'counselled', 'visit', 'lost'])[1 + (s.id + n.n) % 4]
              else (array[${list(funnel)}])[least(array_position(array[${list(funnel)}], s.stage), 2 + n.n / 4)] end)
          when 'follow_up' then jsonb_build_object('from', null, 'to',
            to_char((k.at + interval '1 day' * (1 + (s.id + n.n) % 4)) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
          else jsonb_build_object('text', 'Shared the syllabus and batch timings')
        end
      from students s
      cross join generate_series(1, ${perRecord - 1}) as n(n)
      cross join lateral (
        select case when n.n > 1 then (array['call', 'stage', 'follow_up', 'whatsapp', 'note', 'call', 'email', 'follow_up'])[1 + (s.id + n.n) % 8]
                    when s.stage = 'new' then 'note'
                    else (array['call', 'call', 'whatsapp', 'email'])[1 + s.id % 4] end as kind,
          least(now(), s.created_at + interval '1 minute' * exp(random() * ln(4320)) + interval '20 hours' * (n.n - 1)) as at
      ) as k`,
    "analyze",
  ];
}
