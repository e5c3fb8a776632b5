// `npm run lighthouse`: Lighthouse (mobile) on every public page of the production build.
// Starts the built server on a throw-away data directory, measures each page five times
// (LIGHTHOUSE_RUNS) and prints, per page, the median of the four scores, LCP, Total Blocking
// Time and main-thread work, with the lowest performance score of the runs. Then a second pass,
// performance only, measures each page five more times with the CPU slowed 6x (a low-end
// Android phone; Lighthouse's mobile model is 4x) and prints the median TBT of those runs.
// Exits non-zero when a median score is under the budget (LIGHTHOUSE_MIN, default 100), a run
// scores under 95 for performance (LIGHTHOUSE_RUN_MIN), the median TBT is over 50 ms
// (LIGHTHOUSE_MAX_TBT) or the median TBT at 6x is over 200 ms (LIGHTHOUSE_MAX_TBT_6X).
// `--no-6x` leaves the second pass out (a quicker look while investigating); pages can be
// named on the command line: npm run lighthouse -- /courses/ai /contact
// LIGHTHOUSE_SAVE=<dir> keeps every run's report (JSON) there, to read its trace figures.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicPaths } from "../app/site/public-pages.ts";
import { sectionOf, withSection } from "../bench/results-file.ts";
import { chromeFlags, findOrInstallChrome } from "./chrome.ts";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 100);
const args = process.argv.slice(2);
const onlyPaths = args.filter((arg) => !arg.startsWith("--"));
const lowEndPass = !args.includes("--no-6x");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3311);
const origin = `http://127.0.0.1:${port}`;
const resultsFile = path.resolve("bench/results.md");

async function startSite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-lighthouse-"));
  const child = spawn(process.execPath, ["http/index.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      DEMO_CONTENT: "on",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = () => {
    child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  // A new embedded database takes a few seconds to create, longer on a busy machine.
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (exited || Date.now() > deadline) {
      stop();
      console.error(`The site did not start on ${origin}${exited ? " (the server exited)" : " within 3 minutes"}.`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { stop };
}

const site = await startSite();
const profileDir = mkdtempSync(path.join(tmpdir(), "lh-profile-"));
const chrome = await chromeLauncher.launch({
  chromePath: findOrInstallChrome(),
  chromeFlags: [...chromeFlags, `--user-data-dir=${profileDir}`],
});
interface Measurement {
  /** Lighthouse failed to take the measurement (not the page failing the budget). */
  unmeasured: boolean;
  scores: number[];
  lcp: number;
  tbt: number;
  /** Main-thread work (Lighthouse's mainthread-work-breakdown), ms. */
  mainThread: number;
  bytes: number;
  /** Audits that cost points, for the report. */
  failed: string[];
  /** Why Lighthouse could not measure, when it could not. */
  error?: string;
}

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const runMinimum = Number(process.env.LIGHTHOUSE_RUN_MIN ?? 95);
const maxTbt = Number(process.env.LIGHTHOUSE_MAX_TBT ?? 50);
/** The low-end phone of the second pass: the CPU slowed this much (Lighthouse's mobile is 4x). */
const lowEndSlowdown = 6;
const maxLowEndTbt = Number(process.env.LIGHTHOUSE_MAX_TBT_6X ?? 200);

/** A pass: Lighthouse's mobile model (all four categories), or the low-end phone (performance only). */
interface Pass {
  cpuSlowdown: number;
  categories: readonly (typeof categories)[number][];
}
const mobilePass: Pass = { cpuSlowdown: 4, categories };
const lowEndPassSettings: Pass = { cpuSlowdown: lowEndSlowdown, categories: ["performance"] };

async function measure(pagePath: string, pass: Pass): Promise<Measurement> {
  let result = await measureOnce(pagePath, pass);
  for (let retry = 0; result.unmeasured && retry < 2; retry++) {
    console.log(`${pagePath}: measuring again (${result.error ?? "a score is missing"}).`);
    result = await measureOnce(pagePath, pass);
  }
  return result;
}

async function measureOnce(pagePath: string, pass: Pass): Promise<Measurement> {
  // A warm-up load so the measurement is not of a cold server.
  await fetch(origin + pagePath);
  const result = await lighthouse(
    origin + pagePath,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...pass.categories],
      formFactor: "mobile",
    },
    pass.cpuSlowdown === 4
      ? undefined
      : // Lighthouse merges these settings into its mobile defaults: only the CPU changes.
        { extends: "lighthouse:default", settings: { throttling: { cpuSlowdownMultiplier: pass.cpuSlowdown } } },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
  const lhr = result.lhr;
  if (process.env.LIGHTHOUSE_SAVE) {
    mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true });
    const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_")}-${pass.cpuSlowdown}x-${Date.now()}.json`;
    writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
  }
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
    .map((a) => `    - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  // A metric Lighthouse could not take (e.g. no paint seen) leaves the score empty: that is a failed
  // measurement, not a slow page.
  const problems = [
    lhr.runtimeError?.message,
    ...Object.values(lhr.audits).flatMap((a) => (a.errorMessage ? [`${a.id}: ${a.errorMessage}`] : [])),
  ].filter(Boolean);
  if (problems.length) failed.unshift(`    - Lighthouse could not measure: ${problems.join("; ")}`);
  return {
    unmeasured: pass.categories.some((c) => lhr.categories[c]?.score == null) || Boolean(lhr.runtimeError),
    scores: pass.categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
    mainThread: lhr.audits["mainthread-work-breakdown"]?.numericValue ?? 0,
    bytes: lhr.audits["total-byte-weight"]?.numericValue ?? 0,
    failed,
    error: lhr.runtimeError?.message,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const rows: string[][] = [];
let failures = 0;
try {
  for (const pagePath of onlyPaths.length ? onlyPaths : publicPaths) {
    const measured: Measurement[] = [];
    for (let run = 0; run < runs; run++) measured.push(await measure(pagePath, mobilePass));
    const lowEnd: Measurement[] = [];
    if (lowEndPass) for (let run = 0; run < runs; run++) lowEnd.push(await measure(pagePath, lowEndPassSettings));
    const scores = categories.map((_, index) => median(measured.map((m) => m.scores[index] ?? 0)));
    const lowest = Math.min(...measured.map((m) => m.scores[0] ?? 0));
    const tbt = median(measured.map((m) => m.tbt));
    const lowEndTbt = lowEndPass ? median(lowEnd.map((m) => m.tbt)) : undefined;
    const problems = [
      ...categories.flatMap((category, index) =>
        (scores[index] ?? 0) < minimum ? [`median ${category} ${scores[index]} (under ${minimum})`] : [],
      ),
      ...(lowest < runMinimum ? [`a run scored ${lowest} for performance (under ${runMinimum})`] : []),
      ...(tbt > maxTbt ? [`median Total Blocking Time ${Math.round(tbt)} ms (over ${maxTbt} ms)`] : []),
      ...(lowEndTbt !== undefined && lowEndTbt > maxLowEndTbt
        ? [
            `median Total Blocking Time with the CPU slowed ${lowEndSlowdown}x ${Math.round(lowEndTbt)} ms (over ${maxLowEndTbt} ms)`,
          ]
        : []),
    ];
    if (problems.length) {
      failures++;
      const worst = [...measured].sort((a, b) => (a.scores[0] ?? 0) - (b.scores[0] ?? 0))[0];
      console.log(`${pagePath} is under budget: ${problems.join("; ")}\n${worst?.failed.join("\n") ?? ""}`);
    }
    const row = [
      pagePath,
      ...scores.map(String),
      String(lowest),
      `${(median(measured.map((m) => m.lcp)) / 1000).toFixed(2)} s`,
      `${Math.round(tbt)} ms`,
      `${(median(measured.map((m) => m.mainThread)) / 1000).toFixed(2)} s`,
      ...(lowEndTbt === undefined ? [] : [`${Math.round(lowEndTbt)} ms`]),
      `${(median(measured.map((m) => m.bytes)) / 1024).toFixed(1)} KB`,
    ];
    rows.push(row);
    // Each page as it is measured: a long run shows where it is.
    console.log(`| ${row.join(" | ")} |`);
  }
} finally {
  await chrome.kill();
  site.stop();
  rmSync(profileDir, { recursive: true, force: true });
}

const header = [
  "page",
  "performance",
  "accessibility",
  "best practices",
  "SEO",
  "lowest performance",
  "LCP",
  "TBT",
  "main-thread work",
  ...(lowEndPass ? [`TBT, CPU ${lowEndSlowdown}x`] : []),
  "total bytes",
];
const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
const measuredOn = `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
const summary = `Medians of ${runs} runs per page, CPU slowed 4x (mobile)${
  lowEndPass
    ? `; "TBT, CPU ${lowEndSlowdown}x": the median of ${runs} more runs per page with the CPU slowed ${lowEndSlowdown}x (a low-end Android phone, performance only)`
    : ""
}, ${measuredOn}.`;
console.log(`\n${summary}\n\n${table}\n`);
if (process.env.LIGHTHOUSE_OUT) writeFileSync(process.env.LIGHTHOUSE_OUT, `${table}\n`);
// A run over every page with both passes is kept in bench/results.md, above the runs before it.
if (onlyPaths.length === 0 && lowEndPass) {
  const heading = "## Lighthouse (mobile)";
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  const lines = [
    heading,
    "",
    `\`npm run lighthouse\` on the production build, every page of the sitemap. ${summary}`,
    "",
    table,
    "",
    ...earlierRuns(sectionOf(previous, heading).slice(1)),
  ];
  writeFileSync(resultsFile, withSection(previous, heading, lines));
  console.log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
}
if (failures > 0) {
  console.error(
    `${failures} page(s) over budget (scores under ${minimum}, a run under ${runMinimum}, TBT over ${maxTbt} ms${
      lowEndPass ? ` or TBT at ${lowEndSlowdown}x over ${maxLowEndTbt} ms` : ""
    }).`,
  );
  process.exit(1);
}

/** The section's earlier tables, each under "### Earlier run" (its own line says when and how). */
function earlierRuns(body: string[]): string[] {
  const runs: string[][] = [];
  for (const line of body) {
    if (line.startsWith("### ")) runs.push([]);
    else (runs.at(-1) ?? runs[runs.push([]) - 1])?.push(line);
  }
  return runs
    .map((lines) => lines.join("\n").trim())
    .filter(Boolean)
    .flatMap((text) => ["### Earlier run", "", text, ""]);
}
