// `npm run bench -- pipeline`: the admissions desk at scale. Fills a fresh database on each engine
// with 200,000 student records and 2,000,000 timeline entries (bench/pipeline-data.ts), then times
// what a counsellor's screen asks of it, through the same functions the desk's pages call: the
// list with no filter, a search by mobile (as copied from WhatsApp), by a name fragment, a
// filtered list (owner + stage + overdue), an open record with its timeline, and a new
// registration stored and assigned on arrival; then the owner's report for the last 30 days and
// the last year (bench/report.ts). Prints p50/p95 per engine and writes them to
// bench/results.md under "## Admissions desk at scale". PIPELINE_RECORDS and
// PIPELINE_TIMELINE change the size (a quick look: PIPELINE_RECORDS=20000).
// Run with tsx (the app's modules use the ~/ path alias): node --import tsx bench/pipeline.ts
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { loadRecordList } from "../app/admissions/records/record-list.server.ts";
import { loadRecordPage } from "../app/admissions/records/record-page.server.ts";
import { everyRecord } from "../app/admissions/records/record-scope.server.ts";
import { createSubmission } from "../app/admissions/submissions/submission-repository.server.ts";
import { type Database, openDatabase } from "../app/platform/database.server.ts";
import type { StaffUser } from "../app/staff/permissions.server.ts";
import { pipelineOwners, pipelineStatements } from "./pipeline-data.ts";
import { createPostgresDatabase, postgresReachable } from "./postgres.ts";
import { reportGoalMs, reportTimings } from "./report.ts";
import { withSection } from "./results-file.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const resultsFile = path.join(root, "bench", "results.md");
const heading = "## Admissions desk at scale";
const size = {
  records: Number(process.env.PIPELINE_RECORDS ?? 200_000),
  timelineEntries: Number(process.env.PIPELINE_TIMELINE ?? 2_000_000),
};
/** Timed runs of each operation (after two untimed ones), each with other parameters. */
const samples = 40;
const goalMs = 100;

interface Timing {
  name: string;
  p50: number;
  p95: number;
}

interface EngineTimings {
  engine: string;
  fillSeconds: number;
  timings: Timing[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const log = (message: string) => console.log(`[pipeline ${new Date().toISOString().slice(11, 19)}] ${message}`);

const counsellor = pipelineOwners[0];
const staff: StaffUser = {
  id: counsellor[0],
  email: `${counsellor[0]}@example.org`,
  name: counsellor[1],
  role: "admin",
  sessionId: "bench",
};

async function time(name: string, run: (i: number) => Promise<unknown>): Promise<Timing> {
  await run(-1);
  await run(-2);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  const timing = { name, p50: percentile(times, 50), p95: percentile(times, 95) };
  log(`${name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`);
  return timing;
}

const desk = (query: string) => new Request(`http://127.0.0.1/admin/students${query}`);

async function measure(database: Database): Promise<Timing[]> {
  const { db } = database;
  const ids = (await db.execute(sql`select id, mobile, name from students order by random() limit ${samples + 2}`)) as
    | { rows: { id: number; mobile: string; name: string }[] }
    | { id: number; mobile: string; name: string }[];
  const picked = Array.isArray(ids) ? ids : ids.rows;
  const pick = (i: number) => picked[(i + picked.length) % picked.length] as (typeof picked)[number];
  const fragments = ["kav", "Menon", "ravi", "shreya", "Gowda", "arjun", "pill", "Tejas"];
  const owners = pipelineOwners.filter(([, , role]) => role !== "admin").map(([id]) => id);
  const stages = ["contacted", "counselled", "new", "visit"];
  const timings: Timing[] = [];
  timings.push(await time("List, no filter (first page)", () => loadRecordList(db, desk(""), staff, everyRecord)));
  timings.push(
    await time("Search by mobile (+91 98xxx xxxxx)", (i) => {
      const mobile = pick(i).mobile;
      return loadRecordList(
        db,
        desk(`?q=${encodeURIComponent(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`)}`),
        staff,
        everyRecord,
      );
    }),
  );
  timings.push(
    await time("Search by name fragment", (i) =>
      loadRecordList(
        db,
        desk(`?q=${encodeURIComponent(fragments[(i + 8) % fragments.length] ?? "kav")}`),
        staff,
        everyRecord,
      ),
    ),
  );
  timings.push(
    await time("Search by part of a mobile (5 digits)", (i) =>
      loadRecordList(db, desk(`?q=${pick(i).mobile.slice(3, 8)}`), staff, everyRecord),
    ),
  );
  timings.push(
    await time("Owner + stage + overdue", (i) =>
      loadRecordList(
        db,
        desk(`?owner=${owners[(i + 8) % owners.length]}&stage=${stages[(i + 4) % stages.length]}&followUp=overdue`),
        staff,
        everyRecord,
      ),
    ),
  );
  timings.push(await time("Open record with its timeline", (i) => loadRecordPage(db, pick(i).id, everyRecord)));
  let arrival = 0;
  timings.push(
    await time("New registration, assigned on arrival", async () => {
      arrival++;
      const mobile = String(7_000_000_000 + arrival * 31 + Math.floor(Math.random() * 30));
      await createSubmission(
        db,
        "registration",
        {
          name: `Arrival ${arrival}`,
          email: `arrival.${arrival}.${randomBytes(3).toString("hex")}@example.in`,
          mobile,
          stream: "B.E",
          major: "ECE",
          state: "karnataka",
          district: "Mysuru",
          course: "embedded",
          under18: false,
          guardianName: "",
          guardianMobile: "",
          guardianConsent: false,
        } as Parameters<typeof createSubmission<"registration">>[2],
        { submissionToken: `bench-arrival-${arrival}-${randomBytes(4).toString("hex")}` },
      );
    }),
  );
  return timings;
}

async function fill(database: Database): Promise<number> {
  const started = performance.now();
  // Every engine's pool of the first course gets the counsellors, so arrivals are assigned.
  for (const statement of pipelineStatements(size)) await database.db.execute(sql.raw(statement));
  await database.db.execute(
    sql.raw(`insert into assignment_pools (course, user_id)
      values ${pipelineOwners
        .filter(([, , role]) => role === "embedded")
        .map(([id]) => `('embedded', '${id}')`)
        .join(", ")} on conflict do nothing`),
  );
  return (performance.now() - started) / 1000;
}

async function onEngine(engine: "pglite" | "postgres"): Promise<EngineTimings> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-pipeline-"));
  const postgres = engine === "postgres" ? await createPostgresDatabase("bench_pipeline") : undefined;
  const databaseUrl = postgres?.url;
  const database = await openDatabase({
    dataDir,
    databaseUrl,
    purpose: "test",
    timeouts: { connectMs: 5_000, queryMs: 0 },
  });
  try {
    log(`${engine}: filling ${size.records} records and ${size.timelineEntries} timeline entries`);
    const fillSeconds = await fill(database);
    log(`${engine}: filled in ${fillSeconds.toFixed(0)} s`);
    const timings = await measure(database);
    // The owner's report on the same data (bench/report.ts).
    for (const timing of await reportTimings(database.db)) {
      log(`${timing.name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms`);
      timings.push(timing);
    }
    return { engine, fillSeconds, timings };
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop().catch(() => {});
  }
}

function report(results: EngineTimings[], at: Date): string[] {
  const cell = (ms: number | undefined) => (ms === undefined ? "" : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
  const lines = [
    heading,
    "",
    `Taken ${at.toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} cores: ` +
      `${size.records.toLocaleString("en")} student records, ${size.timelineEntries.toLocaleString("en")} timeline entries, ` +
      `${pipelineOwners.length} staff accounts; ${samples} timed runs of each, through the functions the desk's pages call ` +
      `(\`npm run bench -- pipeline\`). Goal: p95 under ${goalMs} ms on both engines.`,
    "",
    `| Operation | ${results.map((r) => `${r.engine} p50 (ms) | ${r.engine} p95 (ms)`).join(" | ")} |`,
    `|---|${results.map(() => "--:|--:").join("|")}|`,
  ];
  for (const [index, timing] of (results[0]?.timings ?? []).entries()) {
    const cells = results.map((r) => `${cell(r.timings[index]?.p50)} | ${cell(r.timings[index]?.p95)}`);
    lines.push(`| ${timing.name} | ${cells.join(" | ")} |`);
  }
  lines.push(
    "",
    `The owner's report (bench/report.ts, \`ownersReport\` as /admin/report calls it, 9 timed runs after one): ` +
      `goal a year under ${reportGoalMs} ms on both engines.`,
  );
  lines.push("", `Filling took ${results.map((r) => `${r.fillSeconds.toFixed(0)} s on ${r.engine}`).join(", ")}.`, "");
  return lines;
}

export async function runPipelineBench(): Promise<string[]> {
  const at = new Date();
  const results = [await onEngine("pglite")];
  const unreachable = await postgresReachable();
  if (unreachable === undefined) results.push(await onEngine("postgres"));
  else log(`PostgreSQL is not reachable (${unreachable}): its columns are left out`);
  const lines = report(results, at);
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  writeFileSync(resultsFile, withSection(previous, heading, lines));
  return lines;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const limit = setTimeout(() => {
    console.error("The pipeline benchmark ran out of time.");
    process.exit(2);
  }, 20 * 60_000);
  limit.unref();
  try {
    console.log(`\n${(await runPipelineBench()).join("\n")}`);
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  }
}
