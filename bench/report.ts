// The owner's report on the admissions desk's generated data (bench/pipeline-data.ts): the last
// 30 days and the last year, as the page asks for them, each timed several times. `npm run bench`
// (and `npm run bench -- pipeline`) time it through reportTimings in bench/pipeline.ts;
// `npx tsx bench/report.ts [pglite|postgres] [records]` fills a throw-away database by itself
// (ten timeline entries per record) and prints the times. With BENCH_KEEP set, the database is
// kept and reused instead: on PostgreSQL a database of that name, on PGlite a data directory at
// that path; it is filled only when it has no students yet.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { ownersReport } from "../app/admissions/owners-report/owners-report.server.ts";
import type { AppDatabase } from "../app/platform/database.server.ts";
import { indiaDay } from "../app/platform/india-time.ts";
import { pipelineStatements } from "./pipeline-data.ts";

/** Timed runs of each period, after one untimed run. */
const runs = 9;

/** The report's goal on the benchmark's data: a year under a second. */
export const reportGoalMs = 1_000;

export interface ReportTiming {
  name: string;
  p50: number;
  p95: number;
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function timeReport(db: AppDatabase, days: number): Promise<{ p50: number; p95: number }> {
  const to = indiaDay();
  const period = { from: daysBefore(to, days - 1), to };
  await ownersReport(db, period);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await ownersReport(db, period);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** The owner's report for the last 30 days and the last 365 days: p50 and p95 in ms. */
export async function reportTimings(db: AppDatabase): Promise<ReportTiming[]> {
  return [
    { name: "Owner's report, last 30 days", ...(await timeReport(db, 30)) },
    { name: "Owner's report, last 365 days", ...(await timeReport(db, 365)) },
  ];
}

async function main() {
  const limit = setTimeout(() => {
    console.error("The report benchmark ran out of time.");
    process.exit(2);
  }, 20 * 60_000);
  limit.unref();
  const [engine = "pglite", records = "200000"] = process.argv.slice(2);
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const { openDatabase } = await import("../app/platform/database.server.ts");
  const pg = (await import("pg")).default;
  const keep = process.env.BENCH_KEEP || "";
  const dataDir =
    keep && engine !== "postgres" ? path.resolve(keep) : await fs.mkdtemp(path.join(os.tmpdir(), "report-bench-"));
  const server = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name =
    keep && engine === "postgres" ? keep : `${process.env.TEST_DATABASE_PREFIX || "bench_"}report_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    const exists = async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      const found = await client
        .query("select 1 from pg_database where datname = $1", [name])
        .finally(() => client.end());
      return found.rowCount === 1;
    };
    if (!keep || !(await exists())) await admin(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({
    dataDir,
    databaseUrl,
    purpose: "test",
    timeouts: { connectMs: 5_000, queryMs: 0 },
  });
  try {
    const started = performance.now();
    const size = { records: Number(records), timelineEntries: Number(records) * 10 };
    const filled = keep
      ? (
          (await database.db.execute(sql`select count(*)::int as n from students`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]?.n
      : 0;
    if (filled) console.log(`${engine}: reusing ${filled} records in ${keep}`);
    else {
      for (const statement of pipelineStatements(size)) await database.db.execute(sql.raw(statement));
      console.log(`${engine}: filled ${records} records in ${Math.round(performance.now() - started)} ms`);
    }
    for (const timing of await reportTimings(database.db))
      console.log(`${engine}: ${timing.name}: p50 ${Math.round(timing.p50)} ms, p95 ${Math.round(timing.p95)} ms`);
  } finally {
    await database.close();
    if (databaseUrl && !keep) await admin(`drop database if exists "${name}" with (force)`);
    if (!keep || engine === "postgres") await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, "/bench/"))) await main();
