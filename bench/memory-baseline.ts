// `npm run bench -- memory`: the site's memory, current tree against the kept baseline
// (bench/baseline.ts), alternated in one run. Each version is started on PGlite on a new data
// directory, then again on that directory (reopened), then on a new PostgreSQL database and again
// on it; each time its proportional set size (PSS: a page shared with other processes counted in
// part, as `smem` and the kernel's smaps_rollup count it) and resident set size (RSS) are read
// from /proc/<pid>/smaps_rollup, summed over the site's process and any it started, two seconds
// after start-up and two seconds after one visit of every public page.
import { rmSync } from "node:fs";
import { alternately, ratio, roundsOf, type Version } from "./baseline.ts";
import { count, log, mb, percentile, type SetSizes, setSizes, sleep } from "./figures.ts";
import { newVisitorHeaders, publicPaths, request } from "./http.ts";
import { postgresDatabase, postgresReachable } from "./postgres.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { type Engine, origin, startSite } from "./site.ts";

export const memoryHeading = "## Memory against the baseline (PSS and RSS)";
const defaultRounds = 2;

const cases = [
  { key: "pglite-new", label: "PGlite, new data directory (first start)", goal: 300 },
  { key: "pglite-reopened", label: "PGlite, the same directory reopened", goal: 175 },
  { key: "postgres-new", label: "PostgreSQL, new database (first start)", goal: undefined },
  { key: "postgres-reopened", label: "PostgreSQL, the same database reopened", goal: 100 },
] as const;
type CaseKey = (typeof cases)[number]["key"];

interface MemoryFigures {
  afterStart: SetSizes;
  afterPages: SetSizes;
}

async function measureOnce(version: Version, engine: Engine): Promise<MemoryFigures> {
  const site = await startSite(engine, {}, version.root);
  try {
    await sleep(2_000);
    const afterStart = setSizes(site.pid);
    for (const pagePath of await publicPaths(origin)) {
      const answer = await request(`${origin}${pagePath}`, { headers: newVisitorHeaders });
      if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`);
    }
    await sleep(2_000);
    return { afterStart, afterPages: setSizes(site.pid) };
  } finally {
    await stopProcess(site);
  }
}

type RoundFigures = Partial<Record<CaseKey, MemoryFigures>>;

async function memoryRound(version: Version, withPostgres: boolean): Promise<RoundFigures> {
  const figures: RoundFigures = {};
  const pglite: Engine = { name: "pglite", dataDir: tempDir("bench-memory-pglite-") };
  figures["pglite-new"] = await measureOnce(version, pglite);
  figures["pglite-reopened"] = await measureOnce(version, pglite);
  rmSync(pglite.dataDir, { recursive: true, force: true });
  if (withPostgres) {
    const postgres: Engine = {
      name: "postgres",
      dataDir: tempDir("bench-memory-postgres-"),
      databaseUrl: await postgresDatabase(),
    };
    figures["postgres-new"] = await measureOnce(version, postgres);
    figures["postgres-reopened"] = await measureOnce(version, postgres);
  }
  const said = cases
    .flatMap((c) => {
      const f = figures[c.key];
      return f ? [`${c.key} ${mb(f.afterPages.pss)} PSS / ${mb(f.afterPages.rss)} RSS`] : [];
    })
    .join(", ");
  log(`memory, ${version.label}: ${said}`);
  return figures;
}

export interface MemoryComparison {
  rounds: { version: Version; round: number; result: RoundFigures }[];
  note?: string;
}

export async function compareMemory(versions: Version[]): Promise<MemoryComparison> {
  const note = await postgresReachable();
  if (note) log(`PostgreSQL is not reachable (${note}): its rows are skipped`);
  const rounds = await alternately(roundsOf(defaultRounds), versions, (version) => memoryRound(version, !note));
  return { rounds, note };
}

export function memoryComparisonReport(versions: Version[], comparison: MemoryComparison, when: string): string[] {
  const [baseline, current] = versions;
  const perVersion = comparison.rounds.length / Math.max(1, versions.length);
  const lines = [
    memoryHeading,
    "",
    `\`npm run bench -- memory\`, ${when}. The baseline (${baseline?.label}) and the current tree started ` +
      `alternately, ${count(perVersion, "round")} each; per round each version starts four times: on PGlite on a new data ` +
      "directory, on that directory again, on a new PostgreSQL database and on it again (the production build, demo " +
      "content on). Figures: the site's process (and any it started), read from /proc/<pid>/smaps_rollup two " +
      "seconds after the first answer and two seconds after one visit of every public page of the sitemap. PSS " +
      "(proportional set size) counts a page shared with other processes in part, RSS counts it whole; on a " +
      "machine running other Node processes, PSS falls a little as they share the node binary's pages. Median of " +
      "the rounds, the lower with two (PSS / RSS); ratio: current over baseline, of the PSS after the pages.",
    "",
    `| Start | Goal (PSS after the pages) | ${baseline?.label}: after start | after the pages | ${current?.label}: after start | after the pages | Ratio (PSS) |`,
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  const summary: string[] = [];
  for (const c of cases) {
    const of = (version: Version | undefined, pick: (f: MemoryFigures) => number) =>
      percentile(
        comparison.rounds.flatMap((r) => {
          const f = r.version === version ? r.result[c.key] : undefined;
          return f ? [pick(f)] : [];
        }),
        50,
      );
    if (!Number.isFinite(of(current, (f) => f.afterPages.pss))) continue;
    const pair = (version: Version | undefined, when: "afterStart" | "afterPages") =>
      `${mb(of(version, (f) => f[when].pss))} / ${mb(of(version, (f) => f[when].rss))}`;
    const currentPss = of(current, (f) => f.afterPages.pss);
    lines.push(
      `| ${c.label} | ${c.goal ? `≤ ${c.goal} MB` : ""} | ${pair(baseline, "afterStart")} | ${pair(baseline, "afterPages")} | ` +
        `${pair(current, "afterStart")} | ${pair(current, "afterPages")} | ${ratio(
          currentPss,
          of(baseline, (f) => f.afterPages.pss),
        )} |`,
    );
    if (c.goal)
      summary.push(
        `- **${c.label}, current tree (at most ${c.goal} MB PSS after start-up and every public page): ` +
          `${currentPss / 1024 / 1024 <= c.goal ? "met" : "not met"}.** ${mb(currentPss)}.`,
      );
  }
  if (comparison.note) lines.push("", `PostgreSQL rows skipped: ${comparison.note}`);
  lines.push("", ...summary, "");
  return lines;
}
