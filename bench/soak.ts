// The soak (`npm run bench -- soak [--minutes N]`, 10 minutes by default, or BENCH_SOAK_MINUTES):
// the site under steady mixed traffic for a while, its resident memory and JavaScript heap read
// each minute, and the slope over the last half, which must be flat for a site meant to run for
// weeks (decision 016). The traffic: public pages (some with campaign links, some from
// new visitors), enquiries and registrations, a signed-in admin's desk with its live stream open
// the whole time, the desk's tables, the analytics page and both CSV exports.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { log, mb, residentBytes, sleep } from "./figures.ts";
import { formBody } from "./forms.ts";
import { browserHeaders, newVisitorHeaders, publicPaths, request } from "./http.ts";
import { openStream } from "./live.ts";
import { type HeapFigures, startMeasuredSite } from "./memory.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { withSection } from "./results-file.ts";
import { addAdmin, type Engine, origin, resultsFile, root, serverEnv, signIn } from "./site.ts";

export const defaultSoakMinutes = 10;

/** --minutes N after "soak", else BENCH_SOAK_MINUTES, else ten. */
export function soakMinutes(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): number {
  const index = argv.indexOf("--minutes");
  const text = index >= 0 ? argv[index + 1] : env.BENCH_SOAK_MINUTES;
  if (text === undefined || text === "") return defaultSoakMinutes;
  const minutes = Number(text);
  if (!Number.isInteger(minutes) || minutes < 2 || minutes > 24 * 60) {
    throw new Error(`The soak's minutes must be a whole number from 2 to 1440, not "${text}".`);
  }
  return minutes;
}

export interface SoakSample {
  minute: number;
  rss: number;
  heap: HeapFigures;
  requests: number;
  failures: number;
}

export interface SoakResult {
  engine: string;
  minutes: number;
  samples: SoakSample[];
  /** Least-squares slope over the last half, in bytes per minute, with its standard error. */
  rssSlope: Slope;
  heapSlope: Slope;
}

interface Slope {
  perMinute: number;
  standardError: number;
}

const campaigns = ["", "?utm_source=google&utm_medium=cpc&utm_campaign=admissions", "?utm_source=instagram"];
const courses = ["embedded", "iot", "ai", "matlab"];

/** An answer's status, or 0 when none came. */
const statusOf = (url: string, options: Parameters<typeof request>[1]) =>
  request(url, options).then(
    (answer) => answer.status,
    () => 0,
  );

function slope(points: { x: number; y: number }[]): Slope {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  const sxy = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const perMinute = sxx > 0 ? sxy / sxx : 0;
  const residuals = points.reduce((sum, p) => sum + (p.y - meanY - perMinute * (p.x - meanX)) ** 2, 0);
  const standardError = n > 2 && sxx > 0 ? Math.sqrt(residuals / (n - 2) / sxx) : Number.NaN;
  return { perMinute, standardError };
}

/**
 * Runs the soak against a site started here with the inspector on (for its heap). The admin
 * account must exist; `signIn` answers its cookie.
 */
export async function runSoak(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  engine: string;
  minutes: number;
  signIn: (origin: string) => Promise<string>;
  log: (text: string) => void;
}): Promise<SoakResult> {
  const { origin } = options;
  const site = await startMeasuredSite({ root: options.root, env: options.env, origin, inspect: true });
  const pid = site.child.pid;
  let running = true;
  let requests = 0;
  let failures = 0;
  const count = (status: number, ok: (status: number) => boolean) => {
    requests += 1;
    if (!ok(status)) failures += 1;
  };
  const is200 = (status: number) => status === 200;
  const stream = { close: () => {} };
  try {
    const cookie = await options.signIn(origin);
    const desk = openStream(origin, cookie);
    stream.close = desk.close;
    await desk.opened;
    const pages = await publicPaths(origin);

    const visitor = async (id: number) => {
      for (let i = 0; running; i++) {
        const page = pages[(i + id) % pages.length] ?? "/";
        // Every fifth visit is a newcomer (no first-touch cookie yet), some from a campaign link.
        const newcomer = i % 5 === 0;
        const search = newcomer ? (campaigns[i % campaigns.length] ?? "") : "";
        const headers: Record<string, string> = { ...newVisitorHeaders };
        if (!newcomer) headers.cookie = "first_touch=p=%2F&s=google";
        count(await statusOf(`${origin}${page}${search}`, { headers }), is200);
        await sleep(40);
      }
    };
    const student = async () => {
      for (let i = 0; running; i++) {
        const kind = i % 2 === 0 ? "enquiry" : "registration";
        const status = await statusOf(`${origin}${kind === "enquiry" ? "/contact" : "/online/register"}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": browserHeaders["user-agent"] },
          body: formBody(kind, courses[Math.floor(i / 2) % courses.length]),
        });
        count(status, (s) => s === 302);
        await sleep(400);
      }
    };
    const staff = async () => {
      const deskPages = ["/admin/contactform", "/admin/registers", "/admin/analytics", "/staff/export/enquiries"];
      deskPages.push("/staff/export/registrations");
      for (let i = 0; running; i++) {
        count(await statusOf(`${origin}${deskPages[i % deskPages.length]}`, { headers: { cookie } }), is200);
        await sleep(3_000);
      }
    };
    const traffic = Promise.all([visitor(0), visitor(7), student(), staff()]);

    const samples: SoakSample[] = [];
    const started = performance.now();
    for (let minute = 1; minute <= options.minutes; minute++) {
      await sleep(Math.max(0, started + minute * 60_000 - performance.now()));
      const rss = residentBytes(pid);
      const heap = await (site.heap as NonNullable<typeof site.heap>)();
      samples.push({ minute, rss, heap, requests, failures });
      options.log(
        `soak minute ${minute}: RSS ${mb(rss)}, heap ${mb(heap.heapUsed)} used of ${mb(heap.heapTotal)}, ` +
          `${requests} requests, ${failures} failed, ${desk.messages()} stream messages`,
      );
    }
    running = false;
    await traffic;
    const lastHalf = samples.slice(Math.floor(samples.length / 2));
    return {
      engine: options.engine,
      minutes: options.minutes,
      samples,
      rssSlope: slope(lastHalf.map((s) => ({ x: s.minute, y: s.rss }))),
      heapSlope: slope(lastHalf.map((s) => ({ x: s.minute, y: s.heap.heapUsed }))),
    };
  } finally {
    running = false;
    stream.close();
    await stopProcess(site.child);
  }
}

const soakHeading = "## Soak";

/**
 * Flat within noise: the rise the slope predicts over the last half is no larger than what the
 * readings moved by without a trend in the first half (their spread), than twice the slope's
 * standard error over that time, or than 1% of the mean. Readings of RSS move by a megabyte or
 * two from one minute to the next whatever the trend, and five points cannot tell less apart.
 */
function flat(slope: Slope, firstHalf: number[], lastHalfMinutes: number): boolean {
  const rise = Math.abs(slope.perMinute) * lastHalfMinutes;
  const spread = Math.max(...firstHalf) - Math.min(...firstHalf);
  const mean = firstHalf.reduce((sum, value) => sum + value, 0) / firstHalf.length;
  // Two points or fewer have no standard error (NaN), which would make every soak "growing".
  const error = Number.isFinite(slope.standardError) ? 2 * slope.standardError * lastHalfMinutes : 0;
  return rise <= Math.max(spread, error, 0.01 * mean);
}

const perMinute = (s: Slope) =>
  `${(s.perMinute / 1024 / 1024).toFixed(2)} MB/min (± ${(s.standardError / 1024 / 1024).toFixed(2)})`;

export function soakReport(result: SoakResult, startedAt: Date): string[] {
  const lines = [
    soakHeading,
    "",
    `\`npm run bench -- soak --minutes ${result.minutes}\`, run on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC ` +
      `on ${result.engine}: two visitors reading public pages one after another (40 ms apart; every fifth a newcomer, ` +
      "some from a campaign link), a student sending an enquiry or a registration every 0.4 s, and a signed-in admin " +
      "with the live stream open the whole time who opens a desk table, the analytics page or a CSV export every 3 s. " +
      "Each minute: the site's resident memory (RSS) and its JavaScript heap after a full garbage collection (read " +
      "through the inspector). Slope: least squares over the last half of the minutes, with its standard error.",
    "",
    "| Minute | RSS | Heap used | Heap total | External | Requests so far | Failed |",
    "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const s of result.samples) {
    lines.push(
      `| ${s.minute} | ${mb(s.rss)} | ${mb(s.heap.heapUsed)} | ${mb(s.heap.heapTotal)} | ${mb(s.heap.external)} | ${s.requests} | ${s.failures} |`,
    );
  }
  const half = Math.floor(result.samples.length / 2);
  const firstHalf = result.samples.slice(0, half);
  const lastHalfMinutes = result.samples.length - half - 1;
  const rssFlat = flat(
    result.rssSlope,
    firstHalf.map((sample) => sample.rss),
    lastHalfMinutes,
  );
  const heapFlat = flat(
    result.heapSlope,
    firstHalf.map((sample) => sample.heap.heapUsed),
    lastHalfMinutes,
  );
  lines.push(
    "",
    `Slope over the last half: RSS ${perMinute(result.rssSlope)}, ${rssFlat ? "flat within noise" : "**growing**"}; ` +
      `heap used ${perMinute(result.heapSlope)}, ${heapFlat ? "flat within noise" : "**growing**"}. Flat within ` +
      "noise: the rise the slope predicts over the last half is no larger than the spread of the first half's " +
      "readings, twice the slope's standard error over that time, or 1% of their mean.",
    "",
  );
  return lines;
}

/** The results file with its soak section replaced by (or followed by) these lines. */
export function withSoakSection(file: string, lines: string[]): string {
  return withSection(file, soakHeading, lines);
}

/** `npm run bench -- soak`: the soak on a new PGlite data directory, its section written and printed. */
export async function soakCommand(minutes: number, startedAt: Date): Promise<void> {
  const engine: Engine = { name: "pglite", dataDir: tempDir("bench-soak-") };
  addAdmin(engine);
  log(`soak: ${minutes} minutes of mixed traffic on ${engine.name}`);
  const result = await runSoak({ root, env: serverEnv(engine), origin, engine: engine.name, minutes, signIn, log });
  const lines = soakReport(result, startedAt);
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  writeFileSync(resultsFile, withSoakSection(previous, lines));
  console.log(`\n${lines.join("\n")}`);
  log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
}
