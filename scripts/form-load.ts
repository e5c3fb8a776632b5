// The form load on its own, for comparing two versions of the site on one machine:
//   node scripts/form-load.ts --site DIR [--site DIR2 ...] [--engine pglite|postgres] [--rounds 3]
//     [--seconds 8] [--connections 10] [--profile DIR]
// Each round starts every site in turn (A, B, A, B...) on a new database with three counsellors in
// every course's pool, posts enquiries and registrations for `seconds` from `connections`
// connections, each form a new student with a course, then stops the site and counts what was
// stored: every form exactly once, each on its own record, assigned, and in the report's facts.
// Each DIR is a built copy of the site (npm run build). BENCH_PORT names the port (default 3640);
// PostgreSQL databases are made on BENCH_POSTGRES_URL's server, named TEST_DATABASE_PREFIX + "load_".
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

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
const engine = values.engine === "postgres" ? "postgres" : "pglite";
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(process.env.BENCH_PORT ?? 3640);
const origin = `http://127.0.0.1:${port}`;
const server = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = `${process.env.TEST_DATABASE_PREFIX ?? ""}load_`;
const courses = ["embedded", "python fullstack", "iot", "ai", "matlab"];
const counsellors = ["load-a", "load-b", "load-c"];

interface Figures {
  site: string;
  /** CPU milliseconds per accepted form: the site's process, and PostgreSQL's connections to its database. */
  siteCpu: number;
  databaseCpu: number;
  round: number;
  rate: number;
  p50: number;
  p99: number;
  accepted: number;
  refused: number;
  errors: number;
  check: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
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
async function prepare(dataDir: string, databaseUrl: string | undefined): Promise<void> {
  const statements = counsellors.flatMap((id) => [
    `insert into "user" (id, name, email, role) values ('${id}', '${id}', '${id}@example.org', 'counsellor')`,
    ...courses.map((course) => `insert into assignment_pools (course, user_id) values ('${course}', '${id}')`),
  ]);
  await withClient(dataDir, databaseUrl, async (query) => {
    for (const statement of statements) await query(statement);
  });
}

async function withClient<T>(
  dataDir: string,
  databaseUrl: string | undefined,
  work: (query: (sql: string) => Promise<Record<string, number>[]>) => Promise<T>,
): Promise<T> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await work(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await work(async (sql) => (await client.query<Record<string, number>>(sql)).rows);
  } finally {
    await client.close();
  }
}

async function count(dataDir: string, databaseUrl: string | undefined): Promise<Record<string, number>> {
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
  return withClient(dataDir, databaseUrl, async (run) => (await run(query))[0] ?? {});
}

async function startSite(site: string, dataDir: string, databaseUrl: string | undefined, profileDir?: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    FORM_RATE_LIMIT: "1000000/1m",
    PUBLIC_URL: "",
    SMTP_URL: "",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const flags = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...flags, "http/index.ts"], {
    cwd: site,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`The site stopped at start (is port ${port} in use?)`);
    const up = await fetch(`${origin}/healthz`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (up) return child;
    await sleep(250);
  }
  child.kill("SIGTERM");
  throw new Error("The site did not start within five minutes.");
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(20_000)]);
  if (child.exitCode === null) child.kill("SIGKILL");
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

async function load(duration: number) {
  const post = (pathName: string): autocannon.Request => ({
    method: "POST",
    path: pathName,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    setupRequest: (req) => ({ ...req, body: formBody() }),
  });
  return autocannon({
    url: origin,
    connections,
    duration,
    requests: [post("/contact"), post("/online/register")],
  });
}

async function once(site: string, round: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "form-load-"));
  let databaseUrl: string | undefined;
  const admin = new pg.Client({ connectionString: server });
  if (engine === "postgres") {
    await admin.connect();
    const name = `${databaseName}${round}_${sites.indexOf(site)}`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  try {
    // The first start makes the schema (and is not profiled); the counsellors are added with the site stopped.
    await stop(await startSite(site, dataDir, databaseUrl));
    await prepare(dataDir, databaseUrl);
    const child = await startSite(site, dataDir, databaseUrl, values.profile);
    let result: autocannon.Result;
    let siteCpu = 0;
    let databaseCpu = 0;
    try {
      await load(1); // warm-up: the first requests compile the form's modules, the pool opens its connections
      const backends = await backendPids(databaseUrl);
      const before = { site: cpuMs(child.pid as number), database: backends.reduce((sum, pid) => sum + cpuMs(pid), 0) };
      result = await load(seconds);
      const accepted = result.statusCodeStats?.["302"]?.count || 1;
      siteCpu = (cpuMs(child.pid as number) - before.site) / accepted;
      databaseCpu = (backends.reduce((sum, pid) => sum + cpuMs(pid), 0) - before.database) / accepted;
    } finally {
      await stop(child);
    }
    const stats = result.statusCodeStats ?? {};
    const accepted = stats["302"]?.count ?? 0;
    const answered = Object.values(stats).reduce((sum, s) => sum + (s?.count ?? 0), 0);
    return {
      site: path.basename(site),
      siteCpu,
      databaseCpu,
      round,
      rate: accepted / (result.duration || seconds),
      p50: result.latency.p50,
      p99: result.latency.p99,
      accepted,
      refused: answered - accepted,
      errors: result.errors + result.timeouts,
      check: await count(dataDir, databaseUrl),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (engine === "postgres") {
      await admin.query(`drop database if exists ${databaseName}${round}_${sites.indexOf(site)} with (force)`);
      await admin.end();
    }
  }
}

const all: Figures[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const site of sites) {
    const figures = await once(site, round);
    all.push(figures);
    console.log(
      `${engine} ${figures.site} round ${round}: ${Math.round(figures.rate)} forms/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, ` +
        `CPU per form ${figures.siteCpu.toFixed(2)} ms site + ${figures.databaseCpu.toFixed(2)} ms database, ` +
        `refused ${figures.refused}, errors ${figures.errors}; ${JSON.stringify(figures.check)}`,
    );
  }
}
