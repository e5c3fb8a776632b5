// The Node entry of the production server (`npm start`, `npm run serve`).
// The HTTP server itself is bundled with the app (http/app.ts) so both share modules.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { speedUpModuleLoading } from "./module-loading.ts";

// V8 sizes its heap from the machine's memory: up to 64 MB per semi-space of the young
// generation (some 130 MB resident that a site with a 40 MB heap never needs) and an old
// generation allowed to grow for long before it is collected. Unless the operator chose the
// sizes (in NODE_OPTIONS or on the command line), the process starts itself again at once, same
// pid, with the sizes measured for a small server (decision 016).
// glibc's malloc, read once when the process starts, gives threads that allocate at the same
// time arenas of their own (up to eight per core), each keeping the memory freed in it: two
// arenas kept the site on PostgreSQL some 10 MB smaller after every page (decision 016). It also
// raises its threshold for serving a large block from a mapping of its own each time such a block
// is freed, so the megabytes that compiling PGlite's WebAssembly asks for at start come from the
// heap and stay there when freed: with the threshold held at its starting 128 kB (which also
// gives freed memory at the heap's top back at once) the site on PGlite kept 25-30 MB less after
// every page (decision 016). Each MALLOC_* setting of the operator's is kept (and GLIBC_TUNABLES
// leaves the thresholds to it).
const heapFlags = { "--max-semi-space-size": 8, "--max-old-space-size": 256 };
const mallocDefaults = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072" };
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
const missing = Object.entries(heapFlags).filter(([flag]) => !chosen.some((given) => given.startsWith(flag)));
// PGLITE_WASM_COMPILER=baseline: PGlite's WebAssembly is compiled by V8's baseline compiler only,
// never optimised. The site on PGlite then holds some 20-35 MB less after every page (the
// optimising compiler's code and what compiling leaves behind), starts sooner, and runs its
// queries on slower code (decision 016). Unset or "optimising": V8's own choice.
const compiler = process.env.PGLITE_WASM_COMPILER?.trim() || "optimising";
if (compiler !== "optimising" && compiler !== "baseline") {
  console.error(`PGLITE_WASM_COMPILER must be "baseline" or "optimising", not "${compiler}".`);
  process.exit(1);
}
const compilerFlags =
  compiler === "baseline" && !process.env.DATABASE_URL && !process.execArgv.includes("--liftoff-only")
    ? ["--liftoff-only"]
    : [];
const missingMalloc = Object.entries(mallocDefaults).filter(
  ([name]) =>
    process.env[name] === undefined && (name === "MALLOC_ARENA_MAX" || process.env.GLIBC_TUNABLES === undefined),
);
if (
  (missing.length > 0 || missingMalloc.length > 0 || compilerFlags.length > 0) &&
  typeof process.execve === "function"
) {
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...missing.map(([flag, megabytes]) => `${flag}=${megabytes}`),
      ...compilerFlags,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { ...Object.fromEntries(missingMalloc), ...process.env },
  );
}

// Without the compile cache: it would save some 0.1-0.3 s of a start, but holds about 8 MB more.
speedUpModuleLoading();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// What the operator set, before the default below: demo content is on by default only without it.
const operatorNodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";

const buildEntry = path.join(root, "build/server/index.js");
const { startServer, mailSettingsFromEnv, demoContentFromEnv } = (await import(buildEntry).catch((error: unknown) => {
  console.error(`No production build found at ${buildEntry}. Run "npm run build" first.`);
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
})) as typeof import("./app.ts");

/** A whole number of seconds from a setting, or undefined (the default) when unset. */
function positiveSeconds(setting: string | undefined): number | undefined {
  if (!setting?.trim()) return undefined;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < 1) {
    console.error(`REQUEST_TIMEOUT must be a whole number of seconds, 1 or more (it is "${setting}").`);
    process.exit(1);
  }
  return seconds;
}

let demoContent: boolean;
try {
  demoContent = demoContentFromEnv(process.env, operatorNodeEnv);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = await startServer({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? "0.0.0.0",
  clientDir: path.join(root, "build/client"),
  dataDir: path.resolve(process.env.DATA_DIR ?? "./data"),
  databaseUrl: process.env.DATABASE_URL || undefined,
  migrationsFolder: path.join(root, "db/migrations"),
  trustedProxyHeader: process.env.TRUST_PROXY_HEADER || undefined,
  requestTimeoutSeconds: positiveSeconds(process.env.REQUEST_TIMEOUT),
  mail: mailSettingsFromEnv(),
  demoContent,
}).catch((error: unknown) => {
  // Plain words for the operator (e.g. the data directory is locked by another process).
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
console.log(`Site running at ${server.url}`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests in flight, then stopping.`);
    try {
      await server.close();
    } catch (error) {
      // Exit anyway, and say so: a supervisor restarting the site must not wait on a stuck close.
      console.error("Stopping cleanly failed:", error instanceof Error ? error.message : error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  });
}
