// bench/results.md as a full `npm run bench` writes it: the public pages, the invalidation
// scenario, forms, live updates, memory and start-up, the analytics dashboard and the goals, with
// the sections other commands write carried over.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import type { EngineResult } from "./engine.ts";
import { kb, mb, ms, perSecond } from "./figures.ts";
import { formConnections, formSeconds, storedExactlyOnce } from "./forms.ts";
import { pageConnections, pageSeconds } from "./http.ts";
import { invalidationReport } from "./invalidation.ts";
import { liveSamples } from "./live.ts";
import { memoryReport } from "./memory.ts";
import type { PageResult } from "./pages.ts";
import { carriedHeadings, sectionOf } from "./results-file.ts";

export function report(
  results: EngineResult[],
  postgresNote: string | undefined,
  startedAt: Date,
  seconds: number,
  previousResults: string,
): string {
  const lines: string[] = [];
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  lines.push("# Benchmark results", "");
  lines.push(
    `Run on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores (${cpu}), ` +
      `${mb(os.totalmem())} memory, Node ${process.version}, ${os.platform()} ${os.release()}. ` +
      `\`npm run bench\` took ${Math.round(seconds)} s. Everything ran on 127.0.0.1: the site as its own process ` +
      "(production build), the load generator (autocannon) in the benchmark's process, on the same cores.",
    "",
  );
  const pages = results.find((r) => r.pages)?.pages ?? [];
  if (pages.length > 0) {
    lines.push("## Public pages", "");
    lines.push(
      `Requests per second with ${pageConnections} keep-alive connections for ${pageSeconds} s per page, a browser's ` +
        "headers (Brotli accepted, first-touch cookie set: a returning visitor, counted in analytics), against a plain " +
        "`node:http` server answering the same bytes from memory with the same client settings, one after the other. " +
        "Bytes: compressed transfer size of the bodies (Brotli where the server offers it, headers left out) of the " +
        "HTML and of every script, stylesheet, image (lazy ones included) and CSS-referenced file a first visit would fetch.",
      "",
    );
    lines.push("| Page | Site req/s | node:http req/s | Ratio | HTML | JavaScript | CSS | Total first visit | Files |");
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const p of pages) {
      lines.push(
        `| ${p.path} | ${Math.round(p.site)} | ${Math.round(p.baseline)} | ${p.ratio.toFixed(2)} | ${kb(p.htmlBytes)} | ${kb(p.jsBytes)} | ${kb(p.cssBytes)} | ${kb(p.totalBytes)} | ${p.files} |`,
      );
    }
    const deskCss = results.find((r) => r.deskCssBytes !== undefined)?.deskCssBytes;
    if (deskCss !== undefined)
      lines.push(
        "",
        `CSS: public pages load the public stylesheet only; a desk page (/admin/contactform) loads ${kb(deskCss)} of ` +
          "stylesheets, the public one and the desk's own (app/desk.css).",
      );
    lines.push("");
  }
  const invalidation = results.find((r) => r.invalidation)?.invalidation;
  if (invalidation) lines.push(...invalidationReport(invalidation));
  lines.push("## Form submissions, live updates, memory", "");
  lines.push(
    `Form load: ${formConnections} connections posting enquiries and registrations alternately for ${formSeconds} s ` +
      "(each a new student with its own e-mail, mobile and token, consent given), as fast as answers come. Stored rows are counted in the database " +
      "after the site has stopped. Live updates: a signed-in admin's Server-Sent Events stream; MATLAB registrations " +
      `sent one at a time (${liveSamples} each), timed from sending the POST to the event's arrival, with the site ` +
      "idle and while the form load runs. Memory: resident set size of the site's process, idle after start-up and " +
      "the peak under load.",
    "",
  );
  lines.push(
    "| Engine | Accepted/s | p50 | p99 | Accepted | Stored rows (distinct tokens) | Refused / errors | Live p50 / p95 idle | Live p50 / p95 under load | RSS idle | RSS peak under load |",
  );
  lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    lines.push(
      `| ${r.engine} | ${perSecond(r.forms.rate)} | ${ms(r.forms.p50)} | ${ms(r.forms.p99)} | ${r.forms.accepted} | ${r.stored.rows} (${r.stored.distinctTokens}) | ${r.forms.refused} / ${r.forms.errors} | ${ms(r.liveIdle.p50)} / ${ms(r.liveIdle.p95)} | ${ms(r.liveLoaded.p50)} / ${ms(r.liveLoaded.p95)} | ${mb(r.idleMemory)} | ${mb(r.loadMemory)} |`,
    );
  }
  if (postgresNote) lines.push("", `PostgreSQL rows skipped: ${postgresNote}`);
  lines.push("");
  lines.push(
    ...memoryReport(
      {
        startups: results.flatMap((r) => r.startups),
        formPeaks: results.map((r) => ({ engine: r.engine, idleRss: r.idleMemory, peakRss: r.formPeakMemory })),
        cli: results.flatMap((r) => r.cli),
      },
      previousResults,
    ),
  );
  lines.push("## Analytics dashboard on a generated year", "");
  lines.push(
    "A year of page_views (every page, six referrers, four campaigns, three devices), ~180,000 daily visitors, " +
      "3,000 enquiries and 2,000 registrations with landing pages and campaigns, generated into the fresh database. " +
      "Time for the whole `/admin/analytics` page (every query and the render) as a signed-in admin, median and " +
      "slowest of five requests after one warm-up.",
    "",
  );
  lines.push("| Engine | page_views rows | Last 30 days (default) | Whole year |");
  lines.push("| --- | ---: | ---: | ---: |");
  for (const r of results) {
    const d = r.dashboard;
    lines.push(
      `| ${r.engine} | ${d.pageViewRows.toLocaleString("en-GB")} | ${ms(d.month.median)} (max ${ms(d.month.max)}) | ${ms(d.year.median)} (max ${ms(d.year.max)}) |`,
    );
  }
  lines.push("", "## Goals", "");
  lines.push(...goals(results, pages, postgresNote));
  // The soak (npm run bench -- soak) and Lighthouse (npm run lighthouse) run on their own: their
  // last figures stay in the file.
  for (const heading of carriedHeadings) {
    const carried = sectionOf(previousResults, heading);
    if (carried.length > 0) lines.push("", ...carried);
  }
  return `${lines.join("\n")}\n`;
}

function goals(results: EngineResult[], pages: PageResult[], postgresNote: string | undefined): string[] {
  const out: string[] = [];
  if (pages.length > 0) {
    const worst = pages.reduce((a, b) => (b.ratio < a.ratio ? b : a));
    out.push(
      worst.ratio >= 0.5
        ? `- **Page throughput (ratio ≥ 0.5 on every public page): met.** The lowest is ${worst.ratio.toFixed(2)} (${worst.path}).`
        : `- **Page throughput (ratio ≥ 0.5 on every public page): not met.** The lowest is ${worst.ratio.toFixed(2)} (${worst.path}); ` +
            `${pages.filter((p) => p.ratio < 0.5).length} of ${pages.length} pages are under 0.5 ` +
            `(${pages
              .filter((p) => p.ratio < 0.5)
              .map((p) => p.path)
              .join(", ")}). ` +
            "Pages without a form are answered from the page cache before Express (security headers with a fresh " +
            "nonce, the page view, the stored compressed bytes); the form pages (/contact, /online/register, /login) " +
            "from a template rendered once, with a fresh nonce and form token per answer, gzip assembled from " +
            "precompressed pieces and a per-answer checksum. What is left is the per-request work both share (headers, " +
            "nonce, counting the view, the first-touch check) on two cores that also run the load generator.",
    );
  }
  const goal = { pglite: 500, postgres: 1_000 } as const;
  for (const r of results) {
    const target = goal[r.engine];
    // Requests still in flight when the load generator stops are stored but not counted as answered.
    const { exact, inFlight } = storedExactlyOnce(r.forms, r.stored);
    const met = r.forms.rate >= target && r.forms.p99 < 100;
    out.push(
      `- **Forms on ${r.engine} (${target}/s, p99 under 100 ms, each stored once): ${met && exact ? "met" : "not met"}.** ` +
        `${perSecond(r.forms.rate)} at p99 ${ms(r.forms.p99)}` +
        (r.forms.rate < target ? ` (${Math.round((r.forms.rate / target) * 100)}% of the goal)` : "") +
        `; ${r.forms.accepted} answered as accepted, ${r.stored.rows} rows with as many distinct tokens ` +
        (exact
          ? `(each stored exactly once; ${inFlight} more were in flight when the load stopped).`
          : "(MISMATCH: duplicates or lost submissions).") +
        (met
          ? ""
          : " The site, its database and the load generator share two cores: each submission costs a form parse, " +
            "validation and a row insert in one Node process, so more throughput would need more cores (one site " +
            "process per core on PostgreSQL, which the site supports) or a quieter machine for the load generator."),
    );
  }
  for (const r of results) {
    const p95 = Math.max(r.liveIdle.p95, r.liveLoaded.p95);
    out.push(
      `- **Live updates on ${r.engine} (p95 under 250 ms): ${p95 < 250 ? "met" : "not met"}.** ` +
        `p95 ${ms(r.liveIdle.p95)} idle and ${ms(r.liveLoaded.p95)} under the form load.`,
    );
  }
  for (const r of results) {
    out.push(
      `- **Analytics dashboard on ${r.engine}:** ${ms(r.dashboard.month.median)} for 30 days and ` +
        `${ms(r.dashboard.year.median)} for the whole year (median page time), ${r.dashboard.year.median < 1_000 ? "fast enough for a dashboard (under a second)" : "over a second: not yet fast on a year"}.`,
    );
  }
  if (pages.length > 0) {
    const heaviest = pages.reduce((a, b) => (b.totalBytes > a.totalBytes ? b : a));
    out.push(
      `- **Bytes per page:** the heaviest first visit is ${heaviest.path} at ${kb(heaviest.totalBytes)} compressed, ` +
        `${kb(Math.max(...pages.map((p) => p.jsBytes)))} of JavaScript at most.`,
    );
  }
  if (postgresNote) out.push(`- PostgreSQL was not reachable, so its goals were not measured (${postgresNote}).`);
  return out;
}

/** Writes the full run's bench/results.md (carrying the other commands' sections) and prints it. */
export function writeResults(
  file: string,
  results: EngineResult[],
  postgresNote: string | undefined,
  startedAt: Date,
  seconds: number,
): void {
  const previousResults = existsSync(file) ? readFileSync(file, "utf8") : "";
  const text = report(results, postgresNote, startedAt, seconds, previousResults);
  writeFileSync(file, text);
  console.log(`\n${text}`);
}
