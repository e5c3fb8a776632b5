// The Node entry of the production server (`npm start`, `npm run serve`): it settles the process's
// memory settings, then runs the server itself, http/start.ts, which the build turns into
// build/server/start.js (the HTTP server is bundled with the app, http/app.ts, so both share
// modules). The server's process runs JavaScript only: for a .ts file Node loads its TypeScript
// compiler (a WebAssembly module, its memory and 4 MB of source) and keeps it for the process's
// life, some 15 MB that the server never uses again (decision 016).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { pgliteCompilerFlags } from "./pglite-compiler.ts";

// V8 sizes its heap from the machine's memory: up to 64 MB per semi-space of the young
// generation (some 130 MB resident that a site with a 40 MB heap never needs) and an old
// generation allowed to grow for long before it is collected. Unless the operator chose the
// sizes (in NODE_OPTIONS or on the command line), the server's process (the same pid: this one,
// started again at once as build/server/start.js) gets the sizes measured for a small server
// (decision 016).
// glibc's malloc, read once when the process starts, gives threads that allocate at the same
// time arenas of their own (up to eight per core), each keeping the memory freed in it: two
// arenas kept the site on PostgreSQL some 10 MB smaller after every page (decision 016). It also
// raises its threshold for serving a large block from a mapping of its own each time such a block
// is freed, so the megabytes that compiling PGlite's WebAssembly asks for at start come from the
// heap and stay there when freed: with the threshold held at its starting 128 kB (which also
// gives freed memory at the heap's top back at once) the site on PGlite kept 25-30 MB less after
// every page. Held at 32 kB, the 32 kB segments in which V8's compilers work are mapped too, and
// given back when a compilation ends instead of leaving holes in the heap that it cannot give
// back: 12-16 MB less again on PGlite, 2 MB on PostgreSQL; the start, the pages and warm form
// posts as fast, forms in the first seconds after a start some 5% slower (decision 016). The
// trim threshold stays at 128 kB. Each MALLOC_* setting of the operator's is
// kept (and GLIBC_TUNABLES leaves the thresholds to it).
const heapFlags = { "--max-semi-space-size": 8, "--max-old-space-size": 256 };
const mallocDefaults = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "32768", MALLOC_TRIM_THRESHOLD_: "131072" };
const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
const missing = Object.entries(heapFlags).filter(([flag]) => !chosen.some((given) => given.startsWith(flag)));
// PGLITE_WASM_COMPILER: which of V8's compilers PGlite's WebAssembly gets (http/pglite-compiler.ts).
const compiler = pgliteCompilerFlags(process.env, process.execArgv);
if ("error" in compiler) {
  console.error(compiler.error);
  process.exit(1);
}
const compilerFlags = compiler.flags;
const missingMalloc = Object.entries(mallocDefaults).filter(
  ([name]) =>
    process.env[name] === undefined && (name === "MALLOC_ARENA_MAX" || process.env.GLIBC_TUNABLES === undefined),
);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const startScript = path.join(root, "build/server/start.js");
if (!existsSync(startScript)) {
  console.error(`No production build found at ${startScript}. Run "npm run build" first.`);
  process.exit(1);
}
if (typeof process.execve === "function") {
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...missing.map(([flag, megabytes]) => `${flag}=${megabytes}`),
      ...compilerFlags,
      ...process.execArgv,
      startScript,
      ...process.argv.slice(2),
    ],
    { ...Object.fromEntries(missingMalloc), ...process.env },
  );
}
// Where a process cannot start itself again (Windows): the server in this one, with Node's sizes.
await import(pathToFileURL(startScript).href);
