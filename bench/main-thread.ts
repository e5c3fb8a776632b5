// `npm run bench -- main-thread`: a phone's main thread on the home page and the Embedded
// Systems course page, current tree against the kept baseline (bench/baseline.ts). Both
// versions run at once, each on a new PGlite data directory and a port of its own, and
// Lighthouse (mobile: the CPU slowed 4x, Debian's Chromium) measures them alternately, baseline
// then current, five runs per page and version; the report gives the medians of main-thread work
// and Total Blocking Time, with the performance score and the largest paint beside them, and the
// main thread's CPU time in the same runs: the thread time of the tasks Lighthouse counts, read
// from its trace. Lighthouse's main-thread work is wall time (times 4, its model of a phone): on a
// shared machine it counts every moment the thread waited for a core, and moves by a factor of two
// from run to run; the CPU time moves far less, so it shows a change a busy machine hides.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { chromeFlags, findChrome } from "../scripts/chrome.ts";
import { ratio, roundsOf, type Version } from "./baseline.ts";
import { count, log, ms, percentile } from "./figures.ts";
import { request } from "./http.ts";
import { atCleanUp, stopProcess, tempDir } from "./processes.ts";
import { appPort, host, startSite } from "./site.ts";

export const mainThreadHeading = "## Main thread against the baseline (Lighthouse mobile)";
const pages = ["/", "/courses/embedded"];
const defaultRuns = 5;
/** Issue 29's goals for the current tree, on every page measured. */
const maxTbt = 50;

interface Run {
  mainThread: number;
  /** The page's main thread's CPU time (ms, not slowed) over the tasks Lighthouse counts. */
  cpu: number;
  tbt: number;
  lcp: number;
  score: number;
}

async function lighthouseRun(url: string, chromePort: number): Promise<Run> {
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    // A warm-up answer first, so that the run measures the page and not a cold server.
    await request(url);
    const result = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      formFactor: "mobile",
      // A busy machine paints late: more time than Lighthouse's defaults before a run counts as failed.
      maxWaitForFcp: 90_000,
      maxWaitForLoad: 120_000,
    });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (lhr && !lhr.runtimeError && score != null) {
      return {
        mainThread: lhr.audits["mainthread-work-breakdown"]?.numericValue ?? Number.NaN,
        cpu: mainThreadCpu(result.artifacts.Trace),
        tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        score: Math.round(score * 100),
      };
    }
    lastError = lhr?.runtimeError?.message ?? "no performance score";
    log(`${url}: measuring again (${lastError})`);
  }
  throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
}

/**
 * The CPU time of the page's main thread over the tasks Lighthouse counts in main-thread work
 * (its own reading of the trace): each top-level task's thread duration, which the trace records
 * beside its wall duration.
 */
function mainThreadCpu(trace: Parameters<typeof TraceProcessor.processTrace>[0]): number {
  try {
    const processed = TraceProcessor.processTrace(trace);
    const { timestamps } = TraceProcessor.processNavigation(processed);
    const tasks = MainThreadTasks.getMainThreadTasks(
      processed.mainThreadEvents,
      processed.frames,
      timestamps.traceEnd,
      timestamps.timeOrigin,
    );
    const threadMicroseconds = tasks
      .filter((task) => !task.parent)
      // Chromium records `tdur` (thread time, µs) on complete events; Lighthouse's types leave it out.
      .reduce((sum, task) => sum + ((task.event as { tdur?: number }).tdur ?? 0), 0);
    return threadMicroseconds / 1_000;
  } catch (error) {
    log(`main thread: no CPU time from the trace (${error instanceof Error ? error.message : error})`);
    return Number.NaN;
  }
}

export interface MainThreadComparison {
  runs: { version: Version; page: string; run: Run }[];
}

export async function compareMainThread(versions: Version[]): Promise<MainThreadComparison> {
  const chromePath = findChrome();
  if (!chromePath) throw new Error("No Chromium found for Lighthouse (CHROME_PATH, or /usr/bin/chromium).");
  const sites = [];
  // The current tree on BENCH_PORT, the baseline two above it (the one above is the pages' yardstick's).
  for (const version of versions) {
    const port = version.role === "baseline" ? appPort + 2 : appPort;
    log(`main thread: starting ${version.label} on port ${port}`);
    const child = await startSite({ name: "pglite", dataDir: tempDir("bench-main-thread-") }, {}, version.root, port);
    sites.push({ version, child, origin: `http://${host}:${port}` });
  }
  const profile = mkdtempSync(path.join(os.tmpdir(), "bench-chromium-"));
  const chrome = new chromeLauncher.Launcher({
    chromePath,
    chromeFlags: [...chromeFlags, `--user-data-dir=${profile}`],
    // Up to five minutes for Chromium's debugging port: on a busy machine it took over half a minute.
    maxConnectionRetries: 600,
  });
  // Stopped at the end, also when its start fails or the run's time limit stops everything.
  atCleanUp(() => {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  });
  await chrome.launch();
  const chromePort = chrome.port;
  if (!chromePort) throw new Error("Chromium started without a debugging port.");
  const runs: MainThreadComparison["runs"] = [];
  try {
    const runsPerPage = roundsOf(defaultRuns);
    for (const page of pages)
      for (let run = 0; run < runsPerPage; run++)
        for (const site of sites) {
          const measured = await lighthouseRun(`${site.origin}${page}`, chromePort);
          runs.push({ version: site.version, page, run: measured });
          log(
            `main thread, ${page}, ${site.version.label}, run ${run + 1}: ${ms(measured.mainThread)} main-thread work, ` +
              `TBT ${ms(measured.tbt)}, CPU ${ms(measured.cpu)} (load average ${(os.loadavg()[0] ?? 0).toFixed(1)})`,
          );
        }
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    for (const site of sites) await stopProcess(site.child);
  }
  return { runs };
}

export function mainThreadReport(versions: Version[], comparison: MainThreadComparison, when: string): string[] {
  const [baseline, current] = versions;
  const runs = comparison.runs.filter((r) => r.version === current && r.page === pages[0]).length;
  const lines = [
    mainThreadHeading,
    "",
    `\`npm run bench -- main-thread\`, ${when}. Lighthouse (mobile: a phone's screen, the CPU slowed 4x, a slow ` +
      `network simulated; performance only) with Debian's Chromium on the production build of each version, both ` +
      `running at once on new PGlite data directories and measured alternately (baseline, current), ${count(runs, "run")} per ` +
      `page and version. Medians; ratio: current over baseline. Goals for the current tree (issue 29): Total ` +
      `Blocking Time at most ${maxTbt} ms, and main-thread work at most WordPress's (0.62 s on the home page, 0.60 s ` +
      "on the course page, measured in another run). CPU: the page's main thread's CPU time over the same tasks, not " +
      "slowed (Lighthouse's main-thread work is their wall time times 4, and a busy machine adds every wait for a core).",
    "",
    `| Page | ${baseline?.label}: main-thread work | TBT | LCP | score | CPU | ${current?.label}: main-thread work | TBT | LCP | score | CPU | Ratio (main thread) | Ratio (TBT) | Ratio (CPU) |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  const seconds = (value: number) => (Number.isFinite(value) ? `${(value / 1_000).toFixed(2)} s` : "–");
  for (const page of pages) {
    const median = (version: Version | undefined, pick: (r: Run) => number) =>
      percentile(
        comparison.runs.filter((r) => r.version === version && r.page === page).map((r) => pick(r.run)),
        50,
      );
    const cells = (version: Version | undefined) =>
      [
        seconds(median(version, (r) => r.mainThread)),
        ms(median(version, (r) => r.tbt)),
        seconds(median(version, (r) => r.lcp)),
        String(median(version, (r) => r.score)),
        ms(median(version, (r) => r.cpu)),
      ].join(" | ");
    lines.push(
      `| ${page} | ${cells(baseline)} | ${cells(current)} | ${ratio(
        median(current, (r) => r.mainThread),
        median(baseline, (r) => r.mainThread),
      )} | ` +
        `${ratio(
          median(current, (r) => r.tbt),
          median(baseline, (r) => r.tbt),
        )} | ${ratio(
          median(current, (r) => r.cpu),
          median(baseline, (r) => r.cpu),
        )} |`,
    );
  }
  lines.push("");
  return lines;
}
