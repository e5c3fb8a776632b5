// Memory and start-up figures for `npm run bench` (decision 016): how long the site
// takes to give its first answer, its resident memory idle after start-up and after every public
// page was served once, and how long the command-line tool takes. Also the helpers the soak uses
// (bench/soak.ts): a site process started for measuring, and its JavaScript heap read through the
// inspector.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mb, residentBytes, sleep } from "./figures.ts";
import { newVisitorHeaders, publicPaths, request } from "./http.ts";
import { stopProcess, track } from "./processes.ts";

export interface MeasuredSite {
  child: ChildProcess;
  /** From spawning the process to the first 200 answer of the home page. */
  firstAnswerMs: number;
  /** The process's JavaScript heap and resident memory, when started with the inspector. */
  heap?: () => Promise<HeapFigures>;
}

export interface HeapFigures {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/**
 * Starts `node http/index.ts` with this environment and times its first answer. With `inspect`,
 * the process also listens for the inspector on a free port, through which `heap` reads
 * process.memoryUsage() (after a full garbage collection when asked).
 */
export async function startMeasuredSite(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  inspect?: boolean;
}): Promise<MeasuredSite> {
  const started = performance.now();
  const args = options.inspect ? ["--inspect=127.0.0.1:0", "http/index.ts"] : ["http/index.ts"];
  const child = track(
    spawn(process.execPath, args, {
      cwd: options.root,
      env: options.env,
      stdio: ["ignore", "ignore", "pipe"],
    }),
  );
  let inspectorUrl: string | undefined;
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    stderr += chunk;
    // The last one counts: a process that re-executes itself prints a new address.
    for (const m of chunk.matchAll(/Debugger listening on (ws:\/\/\S+)/g)) inspectorUrl = m[1];
    for (const line of chunk.split("\n")) {
      if (line.trim() && !/Debugger|inspector|For help, see/.test(line)) process.stderr.write(`[site] ${line}\n`);
    }
  });
  // Two minutes: a first start on a new data directory takes longer on a busy machine.
  for (const deadline = performance.now() + 120_000; performance.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`The site stopped at start: ${stderr.slice(-500)}`);
    const status = await request(`${options.origin}/`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) {
      const firstAnswerMs = performance.now() - started;
      const heap = options.inspect
        ? () => {
            if (!inspectorUrl) throw new Error("The site's inspector address was not printed.");
            return readHeap(inspectorUrl);
          }
        : undefined;
      return { child, firstAnswerMs, heap };
    }
    await sleep(25);
  }
  child.kill("SIGKILL");
  throw new Error("The site did not answer within two minutes.");
}

/** process.memoryUsage() of the inspected process, after a full garbage collection. */
async function readHeap(url: string): Promise<HeapFigures> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`No inspector at ${url}`)), { once: true });
  });
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const mine = ++id;
      const listener = (event: MessageEvent) => {
        const message = JSON.parse(String(event.data)) as { id?: number };
        if (message.id !== mine) return;
        socket.removeEventListener("message", listener);
        resolve(message as { result?: { result?: { value?: string } } });
      };
      socket.addEventListener("message", listener);
      socket.send(JSON.stringify({ id: mine, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", {
      expression: "JSON.stringify(process.memoryUsage())",
      returnByValue: true,
    });
    return JSON.parse(answer.result?.result?.value ?? "{}") as HeapFigures;
  } finally {
    socket.close();
  }
}

export interface StartupFigures {
  /** "pglite, new data directory", "pglite", "postgres". */
  label: string;
  firstAnswerMs: number;
  /** Two seconds after the first answer, before any other page. */
  idleRss: number;
  /** Two seconds after every public page was served once. */
  afterPagesRss: number;
}

/** Starts the site, measures its first answer and memory idle and after every public page, stops it. */
export async function measureStartup(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  origin: string;
  label: string;
}): Promise<StartupFigures> {
  const site = await startMeasuredSite(options);
  try {
    await sleep(2_000);
    const idleRss = residentBytes(site.child.pid);
    for (const pagePath of await publicPaths(options.origin)) {
      const answer = await request(`${options.origin}${pagePath}`, { headers: newVisitorHeaders });
      if (answer.status !== 200) throw new Error(`${pagePath} answered ${answer.status}`);
    }
    await sleep(2_000);
    return {
      label: options.label,
      firstAnswerMs: site.firstAnswerMs,
      idleRss,
      afterPagesRss: residentBytes(site.child.pid),
    };
  } finally {
    await stopProcess(site.child);
  }
}

export interface CliFigure {
  engine: string;
  command: string;
  ms: number;
}

/** Commands an operator runs on an existing data directory, with the site stopped. */
const cliCommands = [["help"], ["user", "list"], ["export", "enquiries", "--output", "/dev/null"], ["purge"]];

/** Times `npm run cli -- <command>` for each command, as an operator types it. */
export function cliTimes(root: string, env: NodeJS.ProcessEnv, engine: string): CliFigure[] {
  const figures: CliFigure[] = [];
  for (const words of cliCommands) {
    const started = performance.now();
    const run = spawnSync("npm", ["run", "--silent", "cli", "--", ...words], {
      cwd: root,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    const ms = performance.now() - started;
    if (run.status !== 0) {
      throw new Error(`npm run cli -- ${words.join(" ")} failed: ${run.error?.message ?? (run.stderr || run.stdout)}`);
    }
    figures.push({ engine, command: words.join(" ").replace(" --output /dev/null", ""), ms });
  }
  return figures;
}

export interface MemoryResults {
  startups: StartupFigures[];
  /** Per engine: the peak resident memory under the form load, and the idle figure before it. */
  formPeaks: { engine: string; idleRss: number; peakRss: number }[];
  cli: CliFigure[];
}

const above = (bytes: number) => `${bytes < 0 ? "−" : "+"}${mb(Math.abs(bytes))}`;

/** Rows of the memory table, keyed by what they measure, so an earlier run's column can be kept. */
function memoryRows(results: MemoryResults): { key: string; goal: string; value: string }[] {
  const rows: { key: string; goal: string; value: string }[] = [];
  const seconds = (value: number) => `${(value / 1_000).toFixed(2)} s`;
  const limits: Record<string, number> = { pglite: 300, postgres: 150 };
  for (const s of results.startups) {
    const engine = s.label.split(",")[0] ?? s.label;
    const fresh = s.label.includes("new");
    rows.push({
      key: `${s.label}: first answer after start`,
      goal: fresh ? "" : "< 2 s",
      value: seconds(s.firstAnswerMs),
    });
    rows.push({ key: `${s.label}: RSS idle after start`, goal: "", value: mb(s.idleRss) });
    rows.push({
      key: `${s.label}: RSS after every public page once`,
      goal: fresh ? "" : `≤ ${limits[engine] ?? "?"} MB`,
      value: mb(s.afterPagesRss),
    });
  }
  for (const p of results.formPeaks) {
    rows.push({
      key: `${p.engine}: RSS peak under the form load (above idle)`,
      goal: p.engine === "pglite" ? "≤ +100 MB, < 512 MB" : "≤ +100 MB",
      value: `${mb(p.peakRss)} (${above(p.peakRss - p.idleRss)})`,
    });
  }
  for (const c of results.cli) {
    rows.push({ key: `${c.engine}: npm run cli -- ${c.command}`, goal: "< 1.5 s", value: seconds(c.ms) });
  }
  return rows;
}

const memoryHeading = "## Memory and start-up";

/**
 * The memory section of bench/results.md. The "Before" column is the one the previous file had
 * (kept from the first run that wrote this section, the figures before the memory work), and the
 * previous file's "This run" becomes "Previous run", so each run shows its figures beside both.
 */
export function memoryReport(results: MemoryResults, previousFile: string): string[] {
  const before = new Map<string, string>();
  const previous = new Map<string, string>();
  const start = previousFile.indexOf(memoryHeading);
  if (start >= 0) {
    const section = previousFile.slice(start).split("\n## ")[0] ?? "";
    for (const line of section.split("\n")) {
      const cells = line.split("|").map((cell) => cell.trim());
      if (cells.length >= 6 && cells[1] && cells[1] !== "Figure" && !cells[1].startsWith("---")) {
        before.set(cells[1], cells[3] ?? "");
        previous.set(cells[1], cells[cells.length - 2] ?? "");
      }
    }
  }
  const rows = memoryRows(results);
  const lines = [
    memoryHeading,
    "",
    "The site as `node http/index.ts` (production build, demo content on), started by the benchmark. First answer: " +
      "from starting the process to the first 200 answer of the home page. RSS (resident memory of the site's " +
      "process, from /proc): two seconds after that first answer, and two seconds after every public page in the " +
      "sitemap was served once. The existing data directory is the benchmark's, with a year of analytics in it; the " +
      "new one is empty, so that start runs the database's initialisation. Peak under the form load: the highest " +
      "RSS while the form load below runs, against the figure after every page. CLI: `npm run cli -- <command>` " +
      "with the site stopped, on the existing data directory or database, npm's own start included. " +
      '"Before" is the first run of this table (before the changes of decision 016), "Previous run" the run before ' +
      "this one.",
    "",
    "| Figure | Goal | Before | Previous run | This run |",
    "| --- | --- | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.key} | ${row.goal} | ${before.get(row.key) || row.value} | ${previous.get(row.key) || "–"} | ${row.value} |`,
    );
  }
  lines.push("");
  return lines;
}
