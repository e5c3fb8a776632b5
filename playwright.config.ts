import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
// TEST_TIMINGS_DIR: also write the JSON report there (playwright.json), for scripts/test-timings.ts.
const timingsDir = process.env.TEST_TIMINGS_DIR;
const chromeFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // One renderer process for the site under test, kept while a page of it is open (see reuseContext).
  "--process-per-site",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One worker more than the cores: with one per core (two here) a third of the processors' time
  // stayed idle while tests waited on the server, the browser's network or a timer; with three,
  // the 252 tests took 361 s instead of 468 s on a quiet 2-core machine (bench/results.md,
  // "Test suite"). At most four: the tests share one site and its desk.
  workers: Math.min(os.availableParallelism() + 1, 4),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ...(timingsDir ? [["json", { outputFile: `${timingsDir}/playwright.json` }] as const] : [])],
  // A whole test's time: the desk's long flows (several sign-ins, a student taken from arrival to
  // Enrolled) took 30-33 s on a slow day of this 2-core machine with three workers, where they take
  // 5-10 s on a quiet one. Each step's own wait (expect's 5 s) is unchanged.
  timeout: 60_000,
  use: {
    // Each worker keeps one browser context and its page, which Playwright resets between tests
    // (cookies, storage, cache, service workers, extra pages, routes and init scripts), instead
    // of a new context per test. A new context started a new renderer process: on this 2-core
    // machine 1.2-1.4 s of CPU each, more than most tests' own work. With one renderer kept for
    // the site, the public pages' 109 tests took 274 CPU-s instead of 447 and 148 s instead of
    // 238 (bench/results.md, "Test suite"). A test that changes what the reset leaves
    // (permissions, offline, extra headers) sets it back itself; a test that needs a context of
    // its own makes one with browser.newContext().
    reuseContext: true,
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: chromeFlags },
    trace: "off",
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node scripts/e2e-server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    // Every browser test posts from 127.0.0.1: the per-address form limit is raised for them
    // (the limit itself is tested in tests/integration/forms.test.ts).
    env: { PORT: String(port), HOST: "127.0.0.1", FORM_RATE_LIMIT: "1000/10m" },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
  },
});
