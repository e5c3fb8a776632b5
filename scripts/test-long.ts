// `npm run test:long`: the runs too long for `npm test`, which CI runs after it: 10,000 random and
// hostile posts to every form and staff action (FUZZ_RUNS sets another number, FUZZ_SEED repeats
// a run), where `npm test` sends 1,000.
import { spawnSync } from "node:child_process";
import path from "node:path";

const started = Date.now();
const env: NodeJS.ProcessEnv = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS || "10000" };
// With TEST_TIMINGS_DIR (as for `npm test`), this run's report goes to its long/ folder, so it
// does not replace the report of the whole suite's integration tests.
if (env.TEST_TIMINGS_DIR) env.TEST_TIMINGS_DIR = path.join(env.TEST_TIMINGS_DIR, "long");
console.log(`=== Fuzzing the forms and staff actions with ${env.FUZZ_RUNS} posts`);
const result = spawnSync("npx", ["vitest", "run", "tests/integration/fuzz.test.ts"], { stdio: "inherit", env });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.status !== 0) {
  console.error(`\nThe long tests failed after ${seconds} s.`);
  process.exit(result.status ?? 1);
}
console.log(`=== The long tests passed in ${seconds} s`);
