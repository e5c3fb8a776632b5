// One engine's figures in a full run: the admin account and a generated year of traffic, the
// command-line tool's times and start-up memory (bench/memory.ts), then with the site running
// the public pages and the invalidation scenario (PGlite only), the analytics dashboard, live
// updates idle and under the form load, and the stored rows counted after the site stopped.

import { type DashboardTime, dashboardTimes } from "./dashboard.ts";
import { indiaYear, log, residentBytes, sleep, watchMemory } from "./figures.ts";
import { type FormResult, formLoad, formSeconds, type StoredForms, storedForms } from "./forms.ts";
import { browserHeaders, publicPaths, request } from "./http.ts";
import { benchInvalidation, type InvalidationResult } from "./invalidation.ts";
import { type LiveFigures, liveLatency, liveSamples, openStream } from "./live.ts";
import { type CliFigure, cliTimes, measureStartup, type StartupFigures } from "./memory.ts";
import { benchPages, firstVisitBytes, type PageResult } from "./pages.ts";
import { postgresDatabase, postgresReachable } from "./postgres.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { addAdmin, type Engine, origin, root, serverEnv, signIn, startSite, withDatabase } from "./site.ts";
import { yearOfTraffic } from "./year-data.ts";

export interface EngineResult {
  engine: Engine["name"];
  idleMemory: number;
  loadMemory: number;
  forms: FormResult;
  stored: StoredForms;
  liveIdle: LiveFigures;
  liveLoaded: LiveFigures;
  dashboard: {
    pageViewRows: number;
    month: DashboardTime;
    year: DashboardTime;
  };
  pages?: PageResult[];
  /** Stylesheet bytes of a desk page (the public site's and the desk's own). */
  deskCssBytes?: number;
  invalidation?: InvalidationResult;
  /** First answer and memory after start-up (bench/memory.ts), CLI command times. */
  startups: StartupFigures[];
  cli: CliFigure[];
  /** The highest RSS during the form load alone. */
  formPeakMemory: number;
}

export async function benchEngine(engine: Engine, withPages: boolean): Promise<EngineResult> {
  log(`${engine.name}: creating the admin account (and the schema)`);
  addAdmin(engine);
  log(`${engine.name}: generating a year of traffic`);
  const pageViewRows = await withDatabase(engine, async (query) => {
    for (const statement of yearOfTraffic()) await query(statement);
    const [row] = (await query("select count(*)::int as n from page_views")) as { n: number }[];
    return row?.n ?? 0;
  });
  log(`${engine.name}: ${pageViewRows} page_views rows; command-line tool and start-up times`);
  const cli = cliTimes(root, serverEnv(engine), engine.name);
  const startups: StartupFigures[] = [];
  if (engine.name === "pglite") {
    const fresh = { ...engine, dataDir: tempDir("bench-fresh-") };
    startups.push(await measureStartup({ root, env: serverEnv(fresh), origin, label: "pglite, new data directory" }));
  }
  startups.push(await measureStartup({ root, env: serverEnv(engine), origin, label: engine.name }));
  log(`${engine.name}: starting the site`);
  const site = await startSite(engine);
  try {
    const cookie = await signIn(origin);
    for (const pagePath of await publicPaths(origin))
      await request(`${origin}${pagePath}`, { headers: browserHeaders });
    await sleep(2_000);
    const idleMemory = residentBytes(site.pid);

    let pages: PageResult[] | undefined;
    let loadMemory = 0;
    let deskCssBytes: number | undefined;
    let invalidation: InvalidationResult | undefined;
    if (withPages) {
      const measured = await benchPages(origin, site.pid);
      pages = measured.pages;
      loadMemory = measured.peakMemory;
      deskCssBytes = (await firstVisitBytes(origin, "/admin/contactform", new Map(), cookie)).cssBytes;
      invalidation = await benchInvalidation(origin, cookie);
    }

    log(`${engine.name}: analytics dashboard`);
    const { today, yearAgo } = indiaYear();
    const month = await dashboardTimes(origin, cookie, "");
    const year = await dashboardTimes(origin, cookie, `?from=${yearAgo}&to=${today}`);

    log(`${engine.name}: live updates`);
    const stream = openStream(origin, cookie);
    await stream.opened;
    const liveIdle = await liveLatency(origin, stream, liveSamples);

    log(`${engine.name}: form submissions for ${formSeconds} s`);
    const peak = watchMemory(site.pid);
    let loadDone = false;
    const loaded = formLoad(origin).finally(() => {
      loadDone = true;
    });
    await sleep(1_000);
    const liveLoaded = await liveLatency(origin, stream, liveSamples, () => loadDone);
    const forms = await loaded;
    const formPeakMemory = peak();
    loadMemory = Math.max(loadMemory, formPeakMemory);
    stream.close();
    log(`${engine.name}: ${Math.round(forms.rate)}/s, p99 ${forms.p99} ms; stopping the site to count rows`);

    await stopProcess(site);
    // Every probe was answered 302 and stored too: what is left is the load's own rows.
    const probes = liveIdle.samples + liveLoaded.samples;
    const stored = await withDatabase(engine, (query) => storedForms(query, probes));
    return {
      engine: engine.name,
      idleMemory,
      loadMemory,
      forms,
      stored,
      liveIdle,
      liveLoaded,
      dashboard: { pageViewRows, month, year },
      pages,
      deskCssBytes,
      invalidation,
      startups,
      cli,
      formPeakMemory,
    };
  } finally {
    await stopProcess(site);
  }
}

/** Both engines (PostgreSQL when reachable), public pages and invalidation on PGlite only. */
export async function benchEngines(): Promise<{ results: EngineResult[]; postgresNote?: string }> {
  const results: EngineResult[] = [];
  results.push(await benchEngine({ name: "pglite", dataDir: tempDir("bench-pglite-") }, true));
  const postgresNote = await postgresReachable();
  if (postgresNote) log(`PostgreSQL is not reachable (${postgresNote}): its rows are skipped`);
  else {
    const databaseUrl = await postgresDatabase();
    results.push(await benchEngine({ name: "postgres", dataDir: tempDir("bench-postgres-"), databaseUrl }, false));
  }
  return { results, postgresNote };
}
