// `npm test`: typecheck, lint, unit and integration tests, production build, then the browser tests.
import { spawnSync } from "node:child_process";
import { findOrInstallChrome } from "./chrome.ts";

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${title}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${title} failed after ${seconds}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${title} passed in ${seconds}s`);
}

step("Typecheck", "npm", ["run", "--silent", "typecheck"]);
step("Lint", "npm", ["run", "--silent", "lint"]);
step("Unit and integration tests", "npx", ["vitest", "run"]);
step("Production build", "npm", ["run", "--silent", "build"]);
const chrome = findOrInstallChrome();
step("Browser tests", "npx", ["playwright", "test"], { CHROME_PATH: chrome });
