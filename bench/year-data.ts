// A year of made-up traffic for the analytics dashboard, written straight into a fresh database
// (the same SQL on PGlite and PostgreSQL). The shape follows what the site records: one
// page_views row per day, page, referrer, campaign and device; hashed daily visitors; and
// enquiries and registrations carrying the landing page and campaign of their first touch.
// setseed() makes every run generate the same rows.
import { indiaTimeZone } from "../app/platform/india-time.ts";
import { publicPaths } from "../app/site/public-pages.ts";

const referrers = ["", "www.google.com", "www.bing.com", "l.facebook.com", "l.instagram.com", "www.youtube.com"];
const campaigns: [string, string, string][] = [
  ["", "", ""],
  ["google", "cpc", "admissions-2026"],
  ["instagram", "social", "summer-batch"],
  ["whatsapp", "message", "alumni-referral"],
  ["newsletter", "email", "monthly"],
];
const courses = ["embedded", "python fullstack", "iot", "ai", "matlab"];

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");
const rows = (values: readonly (readonly string[])[]) => values.map((row) => `(${list(row)})`).join(", ");

/** Today in India, as the site counts days. */
const today = `(now() at time zone '${indiaTimeZone}')::date`;

/** Statements that fill page_views, daily_visitors, enquiries and registrations with 365 days. */
export function yearOfTraffic(): string[] {
  const submissions = (table: "enquiries" | "registrations", perYear: number) => {
    const course = table === "registrations" ? ", course" : "";
    const courseValue = table === "registrations" ? `, (array[${list(courses)}])[1 + (i % ${courses.length})]` : "";
    return `insert into ${table} (name, email, mobile, stream, major, state, district, created_at, consented_at,
        submission_token, status, landing_page, utm_source, utm_medium, utm_campaign${course})
      select 'Student ' || i, 'student' || i || '@example.org', lpad((9000000000 + i)::text, 10, '0'), 'B.E', 'ECE',
        'karnataka', 'Bengaluru Urban', t, t, '${table}-year-' || i,
        (array['new', 'contacted', 'enrolled', 'not_interested'])[1 + (i % 4)],
        (array[${list(publicPaths)}])[1 + (i * 7) % ${publicPaths.length}],
        c.s, c.m, c.c${courseValue}
      from (select i, now() - random() * interval '365 days' as t, 1 + floor(random() * ${campaigns.length})::int as k
            from generate_series(1, ${perYear}) as i) as g
      join (select row_number() over () as k, s, m, c from (values ${rows(campaigns)}) as v(s, m, c)) as c on c.k = g.k`;
  };
  return [
    "select setseed(0.42)",
    // About 1,500 combinations a day, a sixth of them seen: ~260 rows a day, ~95,000 in the year.
    `insert into page_views (day, path, referrer_host, utm_source, utm_medium, utm_campaign, device, views, entries)
      select to_char(d, 'YYYY-MM-DD'), p.path, r.host, c.s, c.m, c.c, v.device,
        1 + floor(random() * (case when p.path = '/' then 60 else 12 end))::int,
        floor(random() * 4)::int
      from generate_series(${today} - 364, ${today}, interval '1 day') as d
      cross join (values ${rows(publicPaths.map((p) => [p]))}) as p(path)
      cross join (values ${rows(referrers.map((r) => [r]))}) as r(host)
      cross join (values ${rows(campaigns)}) as c(s, m, c)
      cross join (values ('mobile'), ('desktop'), ('tablet')) as v(device)
      where random() < 0.17`,
    // 300 to 700 visitors a day: ~180,000 rows.
    `insert into daily_visitors (day, visitor)
      select to_char(d, 'YYYY-MM-DD'), md5(d::text || '-' || n)
      from generate_series(${today} - 364, ${today}, interval '1 day') as d
      cross join lateral generate_series(1, 300 + floor(random() * 400)::int) as n`,
    submissions("enquiries", 3_000),
    submissions("registrations", 2_000),
    "analyze",
  ];
}
