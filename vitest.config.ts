import os from "node:os";
import { defineConfig } from "vitest/config";

// TEST_TIMINGS_DIR: also write the JSON report there (vitest.json), for scripts/test-timings.ts.
const timingsDir = process.env.TEST_TIMINGS_DIR;
// In `npm test` the browser tests run beside these (scripts/test.ts), sharing the two cores: a
// test or hook gets twice the time before it counts as hung. What each test checks is the same.
const besideBrowserTests = process.env.TEST_BESIDE_BROWSER_TESTS === "1";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "http/**/*.test.ts",
      "cli/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // The sites and command-line runs these tests start (some 50 and 140 a run) compile PGlite's
    // WebAssembly with V8's baseline compiler only, an operator's setting (http/pglite-compiler.ts):
    // each lives for seconds, and optimising its hot code cost about 1 CPU-s a site and 0.5 a
    // command that it never earned back. What they do is the same; the default compiler is what
    // the browser tests' site, the benchmark and tests/integration/heap-settings.test.ts run.
    env: { PGLITE_WASM_COMPILER: "baseline" },
    // Tests that start the real server (http/index.ts) run the production build; test databases
    // start as copies of one migrated database per engine.
    globalSetup: ["tests/integration/build-once.ts", "tests/integration/template-databases.ts"],
    testTimeout: besideBrowserTests ? 60_000 : 30_000,
    hookTimeout: besideBrowserTests ? 120_000 : 60_000,
    pool: "forks",
    // One test file more than the cores at a time, at most four (three on two cores, where Vitest
    // would take one): part of a file's time is spent waiting on a server process, a database or a
    // timer. On a quiet 2-core machine the files took 343 s with three, the processors 93% busy,
    // against 382 s and 83% with two (bench/results.md, "Test suite"). Ports (TEST_PORTS, a quarter
    // of the range per worker), temporary folders and PostgreSQL database names are chosen so that
    // files never collide.
    fileParallelism: true,
    maxWorkers: Math.min(os.availableParallelism() + 1, 4),
    reporters: [
      "default",
      "./tests/support/progress-reporter.ts",
      ...(timingsDir ? [["json", { outputFile: `${timingsDir}/vitest.json` }] satisfies ["json", object]] : []),
    ],
  },
});
