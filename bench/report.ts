// The owner's report on a filled database: the whole last year, timed several times.
// `npx tsx bench/report.ts [pglite|postgres] [records] [timelineEntries]` fills a throw-away
// database (bench/report-data.ts) and prints the times; `npm run bench` calls benchOwnersReport.
import { performance } from "node:perf_hooks";
import { ownersReport } from "../app/admissions/owners-report.server.ts";
import type { AppDatabase } from "../app/platform/database.server.ts";

const runs = 7;

/** The year's report (the last 365 days in India), once to warm up, then `runs` times: p50 and p95 in ms. */
export async function benchOwnersReport(db: AppDatabase): Promise<{ p50: number; p95: number }> {
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const period = { from, to: today };
  await ownersReport(db, period);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await ownersReport(db, period);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0);
  return { p50: at(0.5), p95: at(0.95) };
}

async function main() {
  const [engine = "pglite", records = "200000", entries = "2000000"] = process.argv.slice(2);
  const fs = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const { openDatabase } = await import("../app/platform/database.server.ts");
  const { fillPipeline } = await import("./report-data.ts");
  const pg = (await import("pg")).default;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "report-bench-"));
  const server = process.env.BENCH_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/test";
  const name = `${process.env.TEST_DATABASE_PREFIX || "bench_"}report_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    await admin(`create database "${name}"`);
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
    let started = performance.now();
    await fillPipeline(database.db, { records: Number(records), timelineEntries: Number(entries) });
    console.log(
      `${engine}: filled ${records} records, ${entries} entries in ${Math.round(performance.now() - started)} ms`,
    );
    started = performance.now();
    const figures = await benchOwnersReport(database.db);
    console.log(
      `${engine}: year report p50 ${figures.p50} ms, p95 ${figures.p95} ms (${Math.round(performance.now() - started)} ms in all)`,
    );
  } finally {
    await database.close();
    if (databaseUrl) await admin(`drop database if exists "${name}" with (force)`);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/bench\//, "/bench/"))) await main();
