// `npm test`: typecheck, lint, production build, unit and integration tests, browser tests.
//
// The typecheck, the linter and the build run at once (each prints its output when it ends); then
// the integration tests (Vitest), then the browser tests (Playwright). TEST_PHASES=side-by-side
// runs those two at the same time (the browser tests' lines then start with "browser |"): on a
// quiet machine it fills cores either leaves idle, but on a busy one it made both suites miss
// their time limits (bench/results.md, "Test suite"). The end lists each phase's time.
import { type ChildProcess, spawn } from "node:child_process";
import { findOrInstallChrome } from "./chrome.ts";

const runStarted = Date.now();
const timings: string[] = [];
const oneByOne = process.env.TEST_PHASES !== "side-by-side";

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

interface Finished {
  title: string;
  ok: boolean;
  output: string;
}

/**
 * Runs a command. With `prefix`, its lines are printed as they come, after the prefix; with
 * `quiet`, its output is kept and returned; otherwise it writes straight to this terminal.
 */
function run(
  title: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; prefix?: string; quiet?: boolean } = {},
): Promise<Finished> {
  const started = Date.now();
  const piped = options.prefix !== undefined || options.quiet;
  const child: ChildProcess = spawn(command, args, {
    stdio: piped ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...options.env },
  });
  let output = "";
  if (piped) {
    let partial = "";
    const take = (chunk: Buffer) => {
      if (options.quiet) {
        output += chunk.toString();
        return;
      }
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${options.prefix}${line}\n`);
    };
    child.stdout?.on("data", take);
    child.stderr?.on("data", take);
    child.on("close", () => {
      if (partial) process.stdout.write(`${options.prefix}${partial}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on("error", (error) => resolve({ title, ok: false, output: `${output}${error.message}\n` }));
    child.on("close", (code) => {
      timings.push(`${title}: ${seconds(started)}`);
      if (!options.quiet) console.log(`=== ${title} ${code === 0 ? "passed" : "FAILED"} in ${seconds(started)}`);
      resolve({ title, ok: code === 0, output });
    });
  });
}

function fail(what: string): never {
  console.error(`\n${what} failed (the whole run: ${seconds(runStarted)}).`);
  process.exit(1);
}

// [1/3] Typecheck, lint and build at once. The build is the one the integration tests' servers
// and the browser tests both run (tests/integration/build-once.ts finds it up to date).
console.log("\n=== [1/3] Typecheck, lint and production build (at once)");
const checks = await Promise.all([
  run("Typecheck", "npm", ["run", "--silent", "typecheck"], { quiet: true }),
  run("Lint", "npm", ["run", "--silent", "lint"], { quiet: true }),
  run("Production build", "npm", ["run", "--silent", "build"], { quiet: true }),
]);
for (const check of checks) {
  console.log(`--- ${check.title}: ${check.ok ? "passed" : "FAILED"}`);
  if (!check.ok) process.stdout.write(check.output);
}
const failedCheck = checks.find((check) => !check.ok);
if (failedCheck) fail(`[1/3] ${failedCheck.title}`);
console.log(`=== [1/3] passed in ${seconds(runStarted)}`);

const chrome = findOrInstallChrome();
const browserTests = () => {
  console.log(`\n=== [3/3] Browser tests: npx playwright test${oneByOne ? "" : " (beside the integration tests)"}`);
  return run("Browser tests", "npx", ["playwright", "test"], {
    env: { CHROME_PATH: chrome },
    prefix: oneByOne ? undefined : "browser | ",
  });
};

console.log("\n=== [2/3] Unit and integration tests: npx vitest run");
const integration = run("Unit and integration tests", "npx", ["vitest", "run"], {
  env: oneByOne ? {} : { TEST_BESIDE_BROWSER_TESTS: "1" },
});
const results = oneByOne ? [await integration, await browserTests()] : await Promise.all([integration, browserTests()]);

const failed = results.filter((result) => !result.ok).map((result) => result.title);
if (failed.length) fail(failed.join(" and "));
console.log(`\nAll phases passed in ${seconds(runStarted)}: ${timings.join(", ")}.`);
console.log("The longer runs (the fuzzing at full length) are `npm run test:long`.");
