// The form load on its own, for comparing two versions of the site on one machine:
//   node scripts/form-load.ts --site DIR [--site DIR2 ...] [--engine pglite|postgres] [--rounds 3]
//     [--seconds 8] [--connections 10] [--profile DIR]
// Each round starts every site in turn (A, B, A, B...) on a new database with three counsellors in
// every course's pool, posts enquiries and registrations for `seconds` from `connections`
// connections, each form a new student with a course, then stops the site and counts what was
// stored: every form exactly once, each on its own record, assigned, and in the report's facts.
// Each DIR is a built copy of the site (npm run build). BENCH_PORT names the port (default 3640);
// PostgreSQL databases are made on BENCH_POSTGRES_URL's server, named TEST_DATABASE_PREFIX + "load_".
// The sites are started, loaded, stopped and queried with the bench's own parts (bench/site.ts,
// bench/forms.ts, bench/postgres.ts); what is this script's own is the alternation of built copies,
// the CPU per form and the closer check of what was stored.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { type FormResult, formLoad } from "../bench/forms.ts";
import { createPostgresDatabase } from "../bench/postgres.ts";
import { cleanUp, stopProcess } from "../bench/processes.ts";
import { type Engine, origin, type Query, startSite, withDatabase } from "../bench/site.ts";

const { values } = parseArgs({
  options: {
    site: { type: "string", multiple: true },
    engine: { type: "string", default: "pglite" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    profile: { type: "string" },
  },
});
const sites = (values.site ?? []).map((dir) => path.resolve(dir));
if (sites.length === 0) throw new Error("Name at least one built site: --site DIR");
const engineName = values.engine === "postgres" ? "postgres" : "pglite";
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const courses = ["embedded", "python fullstack", "iot", "ai", "matlab"];
const counsellors = ["load-a", "load-b", "load-c"];

interface Figures extends FormResult {
  site: string;
  /** CPU milliseconds per accepted form: the site's process, and PostgreSQL's connections to its database. */
  siteCpu: number;
  databaseCpu: number;
  round: number;
  check: Record<string, number>;
}

const tick = 1000 / 100; // USER_HZ

/** CPU milliseconds a process has used so far (user and system), from /proc. */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * tick;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server processes serving this database's connections. */
async function backendPids(databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The site made its schema at its first start; three counsellors go into every course's pool. */
async function prepare(engine: Engine, site: string): Promise<void> {
  const statements = counsellors.flatMap((id) => [
    `insert into "user" (id, name, email, role) values ('${id}', '${id}', '${id}@example.org', 'counsellor')`,
    ...courses.map((course) => `insert into assignment_pools (course, user_id) values ('${course}', '${id}')`),
  ]);
  await withDatabase(
    engine,
    async (query) => {
      for (const statement of statements) await query(statement);
    },
    site,
  );
}

async function count(engine: Engine, site: string): Promise<Record<string, number>> {
  const query = `
    with forms as (
      select 'e' as kind, id, student_id, submission_token from enquiries where email like 'load-%@example.org'
      union all
      select 'r', id, student_id, submission_token from registrations where email like 'load-%@example.org'
    )
    select
      (select count(*)::int from forms) as forms,
      (select count(distinct submission_token)::int from forms) as tokens,
      (select count(*)::int from forms where student_id is null) as unfiled,
      (select count(distinct student_id)::int from forms) as records,
      (select count(*)::int from students where email like 'load-%@example.org') as students,
      (select count(*)::int from students where email like 'load-%@example.org' and owner_id is null) as unassigned,
      (select count(*)::int from student_timeline t join forms f on f.student_id = t.student_id where t.kind = 'submission') as submission_entries,
      (select count(*)::int from student_timeline t join forms f on f.student_id = t.student_id where t.kind = 'owner') as owner_entries,
      (select count(*)::int from student_facts x join forms f on f.student_id = x.student_id where x.owner_id is not null) as facts_with_owner,
      (select max(n) - min(n) from (select count(*)::int as n from students where email like 'load-%@example.org' group by owner_id) as o) as owner_spread`;
  const first = async (run: Query) => ((await run(query))[0] ?? {}) as Record<string, number>;
  return withDatabase(engine, first, site);
}

/** The site of the built copy at `site`, as form-load has always started it: no demo content. */
function start(engine: Engine, site: string, profileDir?: string) {
  const settings: NodeJS.ProcessEnv = { DEMO_CONTENT: "off" };
  if (profileDir) settings.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  return startSite(engine, settings, site);
}

let sequence = 0;
const runId = Date.now() % 1_000_000;

/** A new student (e-mail and mobile of their own) asking about or registering for a course. */
function formBody(): string {
  const n = ++sequence;
  return new URLSearchParams({
    name: "Load Student",
    email: `load-${runId}-${n}@example.org`,
    mobile: `8${String(runId % 1000).padStart(3, "0")}${String(n).padStart(6, "0")}`,
    stream: "B.E",
    major: "ECE",
    state: "karnataka",
    district: "Udupi",
    consent: "yes",
    website: "",
    token: randomUUID(),
    course: courses[n % courses.length] ?? "embedded",
  }).toString();
}

const load = (duration: number) => formLoad(origin, { connections, seconds: duration, body: formBody });

async function once(site: string, round: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "form-load-"));
  const postgres = engineName === "postgres" ? await createPostgresDatabase("load") : undefined;
  const engine: Engine = { name: engineName, dataDir, databaseUrl: postgres?.url };
  try {
    // The first start makes the schema (and is not profiled); the counsellors are added with the site stopped.
    await stopProcess(await start(engine, site));
    await prepare(engine, site);
    const child = await start(engine, site, values.profile);
    let forms: FormResult;
    let siteCpu = 0;
    let databaseCpu = 0;
    try {
      await load(1); // warm-up: the first requests compile the form's modules, the pool opens its connections
      const backends = await backendPids(engine.databaseUrl);
      const before = { site: cpuMs(child.pid as number), database: backends.reduce((sum, pid) => sum + cpuMs(pid), 0) };
      forms = await load(seconds);
      const accepted = forms.accepted || 1;
      siteCpu = (cpuMs(child.pid as number) - before.site) / accepted;
      databaseCpu = (backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - before.database) / accepted;
    } finally {
      await stopProcess(child);
    }
    return {
      ...forms,
      site: path.basename(site),
      siteCpu,
      databaseCpu,
      round,
      check: await count(engine, site),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

try {
  for (let round = 1; round <= rounds; round++) {
    for (const site of sites) {
      const figures = await once(site, round);
      console.log(
        `${engineName} ${figures.site} round ${round}: ${Math.round(figures.rate)} forms/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
          `CPU per form ${figures.siteCpu.toFixed(2)} ms site + ${figures.databaseCpu.toFixed(2)} ms database, ` +
          `refused ${figures.refused}, errors ${figures.errors}; ${JSON.stringify(figures.check)}`,
      );
    }
  }
} finally {
  // A site left running by a failure is stopped (bench/processes.ts keeps every one started).
  await cleanUp();
}
