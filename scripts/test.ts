// `npm test`: typecheck, lint, unit and integration tests, production build, then the browser tests.
// Each phase says where the run is ("[3/5] Unit and integration tests"); the test phases print a
// line per finished file ("12/51 files") or test, and the end lists each phase's time.
import { spawnSync } from "node:child_process";
import { findOrInstallChrome } from "./chrome.ts";

const phases = 5;
const timings: string[] = [];
const runStarted = Date.now();

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const phase = `[${timings.length + 1}/${phases}] ${title}`;
  console.log(`\n=== ${phase}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${phase} failed after ${seconds(started)} (the whole run: ${seconds(runStarted)}).`);
    process.exit(result.status ?? 1);
  }
  timings.push(`${title}: ${seconds(started)}`);
  console.log(`=== ${phase} passed in ${seconds(started)}`);
}

step("Typecheck", "npm", ["run", "--silent", "typecheck"]);
step("Lint", "npm", ["run", "--silent", "lint"]);
step("Unit and integration tests", "npx", ["vitest", "run"]);
step("Production build", "npm", ["run", "--silent", "build"]);
const chrome = findOrInstallChrome();
step("Browser tests", "npx", ["playwright", "test"], { CHROME_PATH: chrome });
console.log(`\nAll ${phases} phases passed in ${seconds(runStarted)}: ${timings.join(", ")}.`);
console.log("The longer runs (the fuzzing at full length) are `npm run test:long`.");
