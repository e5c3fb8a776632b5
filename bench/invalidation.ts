// Page latency while the page cache is invalidated: an admin saves a course's start date every
// second, each save dropping that course's page from the cache (`npm run bench -- invalidation`
// runs it alone, on PGlite, and prints its table without writing bench/results.md).
import { log, ms, sleep } from "./figures.ts";
import { type Latency, latency, pageConnections, request } from "./http.ts";
import { stopProcess, tempDir } from "./processes.ts";
import { addAdmin, type Engine, origin, signIn, startSite } from "./site.ts";

/** Seconds per run of the invalidation scenario, and the page whose cache entry an edit drops. */
const invalidationSeconds = 8;
const invalidatedPage = "/courses/embedded";
/** A page no edit of the scenario touches: is it held up by the other page's refills? */
const untouchedPage = "/about/facilities";

export interface InvalidationResult {
  quiet: Latency;
  invalidated: Latency;
  untouched: Latency;
  edits: number;
}

/**
 * Page latency with the page cache quiet, then while an admin saves the course's start date every
 * second (each save drops the course page, which the next request renders and compresses again),
 * for that page and for one the edits do not touch.
 */
export async function benchInvalidation(origin: string, cookie: string): Promise<InvalidationResult> {
  log(`page latency while ${invalidatedPage} is invalidated every second`);
  await latency(`${origin}${invalidatedPage}`, 0.5);
  await latency(`${origin}${untouchedPage}`, 0.5);
  const quiet = await latency(`${origin}${invalidatedPage}`, invalidationSeconds);
  let edits = 0;
  let editing = true;
  const editor = (async () => {
    while (editing) {
      const startDate = `${(edits % 28) + 1} January 2031`;
      const answer = await request(`${origin}/admin/courses/embedded`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
        body: new URLSearchParams({ intent: "start-date", startDate }).toString(),
      });
      if (answer.status !== 200) throw new Error(`Saving a start date answered ${answer.status}`);
      edits += 1;
      await sleep(1_000);
    }
  })();
  try {
    const invalidated = await latency(`${origin}${invalidatedPage}`, invalidationSeconds);
    const untouched = await latency(`${origin}${untouchedPage}`, invalidationSeconds);
    return { quiet, invalidated, untouched, edits };
  } finally {
    editing = false;
    await editor;
  }
}

export function invalidationReport(result: InvalidationResult): string[] {
  const row = (what: string, l: Latency) =>
    `| ${what} | ${Math.round(l.rate)} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} |`;
  return [
    "## Page latency while the cache is invalidated",
    "",
    `${pageConnections} keep-alive connections for ${invalidationSeconds} s each, a browser's headers, on PGlite. ` +
      `"Invalidated": an admin saves the start date of the Embedded course every second (${result.edits} saves), ` +
      `each dropping ${invalidatedPage} from the page cache; the next request renders it again and the others wait ` +
      `for that render. "Untouched": ${untouchedPage}, which the saves do not drop, during the same saves.`,
    "",
    "| Page | req/s | p50 | p99 | max |",
    "| --- | ---: | ---: | ---: | ---: |",
    row(`${invalidatedPage}, cache quiet`, result.quiet),
    row(`${invalidatedPage}, invalidated every second`, result.invalidated),
    row(`${untouchedPage}, untouched, during the saves`, result.untouched),
    "",
  ];
}

/** `npm run bench -- invalidation`: the scenario alone on a new PGlite data directory, printed. */
export async function runInvalidation(): Promise<void> {
  const engine: Engine = { name: "pglite", dataDir: tempDir("bench-invalidation-") };
  addAdmin(engine);
  const site = await startSite(engine);
  try {
    const result = await benchInvalidation(origin, await signIn(origin));
    console.log(`\n${invalidationReport(result).join("\n")}`);
  } finally {
    await stopProcess(site);
  }
}
