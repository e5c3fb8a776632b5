// `npm run bench -- forms`: form throughput of the current tree against the kept baseline
// (bench/baseline.ts), alternated in one run on each engine, each round on a fresh database: the
// form load of bench/forms.ts (connections posting enquiries and registrations, each a new
// student), then the site stopped and the stored rows and distinct tokens counted, which proves
// every accepted form was kept exactly once.
import { rmSync } from "node:fs";
import { alternately, ratio, roundsOf, type Version } from "./baseline.ts";
import { count, log, ms, percentile } from "./figures.ts";
import {
  type FormResult,
  formConnections,
  formLoad,
  formSeconds,
  type StoredForms,
  storedExactlyOnce,
  storedForms,
} from "./forms.ts";
import { request } from "./http.ts";
import { postgresDatabase, postgresReachable } from "./postgres.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { type Engine, origin, startSite, withDatabase } from "./site.ts";

export const formsHeading = "## Forms against the baseline";
const defaultRounds = 3;
/** Issue 29's goals, with every form filed, assigned and counted in the report, exactly once. */
const goals = { pglite: 500, postgres: 1_000 } as const;

interface FormsRound {
  forms: FormResult;
  stored: StoredForms;
  exact: boolean;
  inFlight: number;
}

async function formsRound(version: Version, name: Engine["name"]): Promise<FormsRound> {
  const dataDir = tempDir(`bench-forms-${name}-`);
  const engine: Engine =
    name === "postgres" ? { name, dataDir, databaseUrl: await postgresDatabase() } : { name, dataDir };
  const site = await startSite(engine, {}, version.root);
  let forms: FormResult;
  try {
    const page = await request(`${origin}/contact`);
    if (page.status !== 200) throw new Error(`/contact answered ${page.status}`);
    forms = await formLoad(origin);
  } finally {
    await stopProcess(site);
  }
  const stored = await withDatabase(engine, (query) => storedForms(query), version.root);
  rmSync(dataDir, { recursive: true, force: true });
  const { exact, inFlight } = storedExactlyOnce(forms, stored);
  log(
    `forms, ${name}, ${version.label}: ${Math.round(forms.rate)}/s, p99 ${ms(forms.p99)}; ` +
      `${stored.rows} rows, ${stored.distinctTokens} distinct tokens${exact ? "" : " (MISMATCH)"}`,
  );
  return { forms, stored, exact, inFlight };
}

export interface FormsComparison {
  engine: Engine["name"];
  rounds: { version: Version; round: number; result: FormsRound }[];
}

/** Each engine (PostgreSQL when reachable): baseline and current alternately, a fresh database each. */
export async function compareForms(versions: Version[]): Promise<{ results: FormsComparison[]; note?: string }> {
  const rounds = roundsOf(defaultRounds);
  const results: FormsComparison[] = [];
  results.push({ engine: "pglite", rounds: await alternately(rounds, versions, (v) => formsRound(v, "pglite")) });
  const note = await postgresReachable();
  if (note) log(`PostgreSQL is not reachable (${note}): its rows are skipped`);
  else
    results.push({ engine: "postgres", rounds: await alternately(rounds, versions, (v) => formsRound(v, "postgres")) });
  return { results, note };
}

export function formsReport(
  versions: Version[],
  comparison: { results: FormsComparison[]; note?: string },
  when: string,
) {
  const [baseline, current] = versions;
  const rounds = comparison.results[0]?.rounds.length ?? 0;
  const lines = [
    formsHeading,
    "",
    `\`npm run bench -- forms\`, ${when}. The baseline (${baseline?.label}) and the current tree started ` +
      `alternately (baseline, current, ...), ${count(rounds / Math.max(1, versions.length), "round")} each per engine, each on a ` +
      `fresh database (a new PGlite data directory, a new PostgreSQL database), the same client for both: ` +
      `${formConnections} connections posting enquiries (/contact) and registrations (/online/register) alternately ` +
      `for ${formSeconds} s, each a new student with its own e-mail, mobile and token, as fast as answers come. ` +
      "Then the site is stopped and the rows counted: every accepted form stored once means as many distinct tokens " +
      `as rows and no fewer rows than accepted answers (up to ${formConnections} more were in flight when the load ` +
      "stopped). Ratio: the median of the current tree's rounds over the baseline's.",
    "",
    `| Engine | ${baseline?.label} | ${current?.label} | Ratio (forms/s) | Ratio (p99) | Stored exactly once |`,
    "| --- | --- | --- | ---: | ---: | --- |",
  ];
  const summary: string[] = [];
  for (const { engine, rounds } of comparison.results) {
    const of = (version: Version | undefined) => rounds.filter((r) => r.version === version).map((r) => r.result);
    const cell = (mine: FormsRound[]) =>
      mine.length === 0
        ? "–"
        : `${mine.map((r) => Math.round(r.forms.rate)).join(" / ")} forms/s, p99 ${mine.map((r) => ms(r.forms.p99).replace(" ms", "")).join(" / ")} ms`;
    const median = (mine: FormsRound[], pick: (r: FormsRound) => number) => percentile(mine.map(pick), 50);
    const a = of(baseline);
    const b = of(current);
    const exact = (mine: FormsRound[]) =>
      mine.every((r) => r.exact)
        ? "yes"
        : `NO (${mine.filter((r) => !r.exact).length} round(s): rows ${mine.map((r) => r.stored.rows).join("/")}, tokens ${mine.map((r) => r.stored.distinctTokens).join("/")})`;
    lines.push(
      `| ${engine} | ${cell(a)} | ${cell(b)} | ${ratio(
        median(b, (r) => r.forms.rate),
        median(a, (r) => r.forms.rate),
      )} | ` +
        `${ratio(
          median(b, (r) => r.forms.p99),
          median(a, (r) => r.forms.p99),
        )} | baseline ${exact(a)}, current ${exact(b)} |`,
    );
    const rate = median(b, (r) => r.forms.rate);
    const p99 = median(b, (r) => r.forms.p99);
    const goal = goals[engine];
    const met = rate >= goal && p99 < 100 && b.every((r) => r.exact);
    summary.push(
      `- **${engine}, current tree (goal ${goal.toLocaleString("en-GB")} forms/s at p99 under 100 ms, each stored once): ` +
        `${met ? "met" : "not met"}.** Median ${Math.round(rate)} forms/s at p99 ${ms(p99)}` +
        (rate < goal ? ` (${Math.round((rate / goal) * 100)}% of the goal)` : "") +
        ".",
    );
  }
  if (comparison.note) lines.push("", `PostgreSQL rows skipped: ${comparison.note}`);
  lines.push("", ...summary, "");
  return lines;
}
