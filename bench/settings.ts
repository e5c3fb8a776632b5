// `npm run bench -- settings`: what decision 016's settings for a small server cost in speed, and
// what keeping the report's facts costs a form, the site started alternately with each
// configuration on the same data. Writes its own section of bench/results.md.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dashboardTimes } from "./dashboard.ts";
import { indiaYear, log, mb, ms, percentile, residentBytes, sleep, watchMemory } from "./figures.ts";
import { formConnections, formLoad, formSeconds } from "./forms.ts";
import { browserHeaders, pageConnections, pageSeconds, publicPaths, request, throughput } from "./http.ts";
import { postgresDatabase, postgresReachable } from "./postgres.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { withSection } from "./results-file.ts";
import { addAdmin, type Engine, origin, resultsFile, signIn, startSite, withDatabase } from "./site.ts";
import { yearOfTraffic } from "./year-data.ts";

/**
 * What decision 016's settings for a small server cost in speed, and what keeping the report's
 * facts (migration 0018's triggers) costs a form: the site started alternately with each
 * configuration on the same data, several rounds in one run, so that the machine's own drift
 * falls on every configuration alike.
 */
interface Configuration {
  name: string;
  settings: NodeJS.ProcessEnv;
  /** Whether the triggers that keep the owner's report's facts run. */
  facts: boolean;
}

const configurations: Configuration[] = [
  { name: "Small server (as shipped)", settings: {}, facts: true },
  {
    name: "Large machine: V8's own heap sizes, 16 malloc arenas, PGlite's 128 MB buffers",
    // 0 leaves V8 its own sizes (from the machine's memory) and stops the site choosing its own.
    settings: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-semi-space-size=0 --max-old-space-size=0`.trim(),
      MALLOC_ARENA_MAX: "16",
      PGLITE_SHARED_BUFFERS: "128MB",
    },
    facts: true,
  },
  { name: "Small server, the report's facts not kept (its triggers disabled)", settings: {}, facts: false },
];
const settingsRounds = 3;
const settingsPages = ["/", "/courses/fullstack", "/contact"];

interface SettingsRound {
  configuration: number;
  pages: number;
  forms: number;
  formP99: number;
  analyticsYear: number;
  idleMemory: number;
  peakMemory: number;
}

async function settingsRound(engine: Engine, index: number): Promise<SettingsRound> {
  const configuration = configurations[index] as Configuration;
  await withDatabase(engine, async (query) => {
    const triggers = (await query(
      "select tgrelid::regclass::text as relation, tgname as name from pg_trigger where tgname like '%\\_facts\\_%' and not tgisinternal",
    )) as { relation: string; name: string }[];
    if (triggers.length === 0) throw new Error("The report's triggers were not found");
    for (const { relation, name } of triggers)
      await query(`alter table ${relation} ${configuration.facts ? "enable" : "disable"} trigger ${name}`);
  });
  const site = await startSite(engine, configuration.settings);
  try {
    const cookie = await signIn(origin);
    for (const pagePath of await publicPaths(origin))
      await request(`${origin}${pagePath}`, { headers: browserHeaders });
    for (const pagePath of settingsPages) await throughput(`${origin}${pagePath}`, 0.3);
    await sleep(2_000);
    const idleMemory = residentBytes(site.pid);
    let pages = 0;
    for (const pagePath of settingsPages) pages += await throughput(`${origin}${pagePath}`, pageSeconds);
    const { today, yearAgo } = indiaYear();
    const analytics = await dashboardTimes(origin, cookie, `?from=${yearAgo}&to=${today}`);
    const peak = watchMemory(site.pid);
    const forms = await formLoad(origin);
    const peakMemory = peak();
    if (forms.errors > 0 || forms.refused > 0)
      throw new Error(`The form load had ${forms.refused} refusals and ${forms.errors} errors`);
    log(
      `${engine.name}, ${configuration.name}: pages ${Math.round(pages / settingsPages.length)}/s, ` +
        `forms ${Math.round(forms.rate)}/s (p99 ${forms.p99} ms), analytics ${ms(analytics.median)}`,
    );
    return {
      configuration: index,
      pages: pages / settingsPages.length,
      forms: forms.rate,
      formP99: forms.p99,
      analyticsYear: analytics.median,
      idleMemory,
      peakMemory,
    };
  } finally {
    await stopProcess(site);
  }
}

/** Each configuration once per round, in an order that turns each round (ABC, BCA, CAB). */
async function compareSettings(engine: Engine): Promise<SettingsRound[]> {
  addAdmin(engine);
  await withDatabase(engine, async (query) => {
    for (const statement of yearOfTraffic()) await query(statement);
  });
  const rounds: SettingsRound[] = [];
  for (let round = 0; round < settingsRounds; round++)
    for (let at = 0; at < configurations.length; at++)
      rounds.push(await settingsRound(engine, (round + at) % configurations.length));
  return rounds;
}

export function settingsReport(
  results: { engine: Engine["name"]; rounds: SettingsRound[] }[],
  startedAt: Date,
): string[] {
  const spread = (values: number[], format: (value: number) => string) =>
    `${format(percentile(values, 50))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
  const lines = [
    "## Settings against settings",
    "",
    `\`npm run bench -- settings\`, ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, ${os.cpus().length} cores: ` +
      `the production site started alternately with each configuration on the same data (a year of analytics), ` +
      `${settingsRounds} rounds, each configuration once per round in a turning order. Each start: every public page ` +
      `once, then requests per second on ${settingsPages.join(", ")} (${pageConnections} connections, ${pageSeconds} s ` +
      `each, averaged), the whole-year /admin/analytics page (median of five), and the form load ` +
      `(${formConnections} connections, ${formSeconds} s, enquiries and registrations). Median of the rounds, their ` +
      "range in brackets: a difference within the ranges is the machine's noise, not the settings'.",
    "",
  ];
  for (const { engine, rounds } of results) {
    lines.push(`### ${engine}`, "");
    lines.push(
      "| Configuration | Pages req/s | Forms accepted/s | Form p99 | Analytics, a year | RSS idle | RSS peak, forms |",
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    configurations.forEach((configuration, index) => {
      const mine = rounds.filter((round) => round.configuration === index);
      if (mine.length === 0) return;
      const pick = (key: keyof SettingsRound) => mine.map((round) => round[key]);
      lines.push(
        `| ${configuration.name} | ${spread(pick("pages"), (v) => String(Math.round(v)))} | ${spread(pick("forms"), (v) => String(Math.round(v)))} | ` +
          `${spread(pick("formP99"), ms)} | ${spread(pick("analyticsYear"), ms)} | ${spread(pick("idleMemory"), mb)} | ${spread(pick("peakMemory"), mb)} |`,
      );
    });
    lines.push("");
  }
  return lines;
}

/** Both engines (PostgreSQL when reachable), then the section written and printed. */
export async function runSettings(startedAt: Date): Promise<void> {
  const results = [];
  results.push({
    engine: "pglite" as const,
    rounds: await compareSettings({ name: "pglite", dataDir: tempDir("bench-settings-pglite-") }),
  });
  const postgresNote = await postgresReachable();
  if (postgresNote) log(`PostgreSQL is not reachable (${postgresNote}): its rows are skipped`);
  else {
    const databaseUrl = await postgresDatabase();
    const engine: Engine = { name: "postgres", dataDir: tempDir("bench-settings-postgres-"), databaseUrl };
    results.push({ engine: "postgres" as const, rounds: await compareSettings(engine) });
  }
  const lines = settingsReport(results, startedAt);
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  writeFileSync(resultsFile, withSection(previous, "## Settings against settings", lines));
  console.log(`\n${lines.join("\n")}`);
  log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
}
