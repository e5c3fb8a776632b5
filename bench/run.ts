// `npm run bench`: measures the production build on 127.0.0.1 and writes bench/results.md.
// Public page throughput against a plain node:http server sending the same bytes, form
// submissions per second on each engine (rows counted afterwards), live-update latency to a
// signed-in staff stream, resident memory, bytes per page on a first visit, page latency while
// the page cache is invalidated every second, and the analytics dashboard on a generated year of
// traffic; then the current tree against the kept baseline (below); then the admissions desk on
// 200,000 generated student records (bench/pipeline.ts, which writes its own section;
// `npm run bench -- pipeline` runs only that).
// Against the kept baseline (bench/baseline.ts: a recorded commit, or BENCH_BASELINE=<git ref>,
// built from git into a folder under the OS's temporary directory and reused), alternated in one
// run, each on a fresh database, reported as ratios: `npm run bench -- forms` (form throughput on
// both engines, stored rows and distinct tokens counted), `-- memory` (PSS and RSS on PGlite on a
// new and a reopened data directory, and on PostgreSQL), `-- main-thread` (Lighthouse mobile on
// the home and the Embedded course page), `-- compare` (all three).
// `npm run bench -- without-desk` runs the full run but the admissions desk at scale and the
// baseline (pages, forms, live updates, memory and start-up, the CLI, the analytics page: some
// five minutes).
// `npm run bench -- settings` starts the site alternately with the small server's settings, a
// large machine's and without the report's triggers, on the same data, and compares pages, forms
// and the analytics page (some fifteen minutes; its own section of bench/results.md).
// `npm run bench -- invalidation` runs only the invalidation scenario (on PGlite) and prints its
// table without writing bench/results.md. Every command stops by itself within its time limit and
// removes what it made (processes, folders, PostgreSQL databases; the baseline's build is kept
// for the next run), also when something fails.
// This file only reads the command line and dispatches; each benchmark is a module of its own
// beside it (pages, invalidation, forms, live, dashboard, engine, settings, soak, pipeline, and
// against the baseline forms-baseline, memory-baseline, main-thread), over shared parts
// (processes, site, postgres, http, figures, baseline, compare, results-report).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { type Comparison, comparisons, runComparisons } from "./compare.ts";
import { benchEngines } from "./engine.ts";
import { log } from "./figures.ts";
import { runInvalidation } from "./invalidation.ts";
import { cleanUp, limitRun, runPipeline } from "./processes.ts";
import { writeResults } from "./results-report.ts";
import { runSettings } from "./settings.ts";
import { resultsFile, root } from "./site.ts";
import { soakCommand, soakMinutes } from "./soak.ts";

const words = process.argv.slice(2);
/** The whole run ends by itself after this, cleaning up first (the soak adds its own minutes). */
const soak = words.includes("soak") ? soakMinutes(process.argv) : 0;
/** The admissions desk at scale (bench/pipeline.ts), part of a full run: up to 20 minutes more. */
const pipelineMinutes = 20;
const onlyPipeline = words.includes("pipeline");
/** `npm run bench -- without-desk`: the full run without the desk at scale and the baseline. */
const withoutDesk = words.includes("without-desk");
/** `npm run bench -- settings`: the small server's settings against a large machine's, alternated. */
const onlySettings = words.includes("settings");
const onlyInvalidation = words.includes("invalidation");
/** `forms`, `memory`, `main-thread` against the kept baseline; `compare` for the three. */
const asked: Comparison[] = words.includes("compare") ? comparisons : comparisons.filter((c) => words.includes(c));
const fullRun = !soak && !onlyPipeline && !withoutDesk && !onlySettings && !onlyInvalidation && asked.length === 0;
/** Building the baseline (npm ci and its build) when it is not kept yet, then each comparison. */
const comparisonMinutes = (fullRun ? comparisons.length : asked.length) * 12 + (fullRun || asked.length ? 15 : 0);
const hardLimitMs =
  (9.5 + soak + (onlyPipeline || fullRun ? pipelineMinutes : 0) + (onlySettings ? 10 : 0) + comparisonMinutes) * 60_000;
const hardLimit = limitRun(hardLimitMs);

async function main() {
  // `npm run bench -- lead-import`: lists of leads previewed and imported (bench/lead-import.ts, its own process).
  if (words.includes("lead-import")) {
    const run = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "bench", "lead-import.ts")], {
      cwd: root,
      stdio: "inherit",
    });
    if (run.status !== 0) throw new Error("The lead-import benchmark failed");
    return;
  }
  const startedAt = new Date();
  const started = performance.now();
  // BENCH_NO_BUILD=1 measures the build that is there (another run of the bench may be using it).
  if (process.env.BENCH_NO_BUILD === "1") log("Measuring the production build already there (BENCH_NO_BUILD=1)");
  else {
    log("Building the production server");
    const built = spawnSync("npm", ["run", "build"], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      timeout: 180_000,
    });
    if (built.status !== 0) throw new Error("npm run build failed");
  }

  if (onlyPipeline) return runPipeline(root, pipelineMinutes);
  if (onlyInvalidation) return runInvalidation();
  if (onlySettings) return runSettings(startedAt);
  if (soak > 0) return soakCommand(soak, startedAt);
  if (asked.length > 0) return runComparisons(asked);

  const { results, postgresNote } = await benchEngines();
  writeResults(resultsFile, results, postgresNote, startedAt, (performance.now() - started) / 1_000);
  log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
  if (withoutDesk) return;
  await runComparisons(comparisons);
  runPipeline(root, pipelineMinutes);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(hardLimit);
}
