// `npm run bench`: measures the production build on 127.0.0.1 and writes bench/results.md.
// Public page throughput against a plain node:http server sending the same bytes, form
// submissions per second on each engine (rows counted afterwards), live-update latency to a
// signed-in staff stream, resident memory, bytes per page on a first visit, page latency while
// the page cache is invalidated every second, and the analytics dashboard on a generated year of
// traffic; then the admissions desk on 200,000 generated student records (bench/pipeline.ts,
// which writes its own section; `npm run bench -- pipeline` runs only that).
// `npm run bench -- memory` runs all of it but the admissions desk at scale (pages, forms, live
// updates, memory and start-up, the CLI, the analytics page: some five minutes).
// `npm run bench -- settings` starts the site alternately with the small server's settings, a
// large machine's and without the report's triggers, on the same data, and compares pages, forms
// and the analytics page (some fifteen minutes; its own section of bench/results.md).
// `npm run bench -- invalidation` runs only the invalidation scenario (on PGlite) and prints its
// table without writing bench/results.md. It stops by itself within ten minutes (thirty with the
// desk) and removes what it made (processes, folders, PostgreSQL databases), also when something
// fails.
// This file only reads the command line and dispatches; each benchmark is a module of its own
// beside it (pages, invalidation, forms, live, dashboard, engine, settings, soak, pipeline), over
// shared parts (processes, site, postgres, http, figures, results-report).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { benchEngines } from "./engine.ts";
import { log } from "./figures.ts";
import { runInvalidation } from "./invalidation.ts";
import { cleanUp, limitRun, runPipeline } from "./processes.ts";
import { writeResults } from "./results-report.ts";
import { runSettings } from "./settings.ts";
import { resultsFile, root } from "./site.ts";
import { soakCommand, soakMinutes } from "./soak.ts";

/** The whole run ends by itself after this, cleaning up first (the soak adds its own minutes). */
const soak = process.argv.includes("soak") ? soakMinutes(process.argv) : 0;
/** The admissions desk at scale (bench/pipeline.ts), part of a full run: up to 20 minutes more. */
const pipelineMinutes = 20;
const onlyPipeline = process.argv.includes("pipeline");
/** `npm run bench -- memory`: everything but the admissions desk at scale (within ten minutes). */
const withoutPipeline = process.argv.includes("memory");
/** `npm run bench -- settings`: the small server's settings against a large machine's, alternated. */
const onlySettings = process.argv.includes("settings");
const onlyInvalidation = process.argv.includes("invalidation");
const fullRun = !soak && !onlyPipeline && !withoutPipeline && !onlySettings && !onlyInvalidation;
const hardLimitMs = (9.5 + soak + (onlyPipeline || fullRun ? pipelineMinutes : 0) + (onlySettings ? 10 : 0)) * 60_000;
const hardLimit = limitRun(hardLimitMs);

async function main() {
  const startedAt = new Date();
  const started = performance.now();
  log("Building the production server");
  const built = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 180_000,
  });
  if (built.status !== 0) throw new Error("npm run build failed");

  if (onlyPipeline) return runPipeline(root, pipelineMinutes);
  if (onlyInvalidation) return runInvalidation();
  if (onlySettings) return runSettings(startedAt);
  if (soak > 0) return soakCommand(soak, startedAt);

  const { results, postgresNote } = await benchEngines();
  writeResults(resultsFile, results, postgresNote, startedAt, (performance.now() - started) / 1_000);
  log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
  if (!withoutPipeline) runPipeline(root, pipelineMinutes);
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
