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
  timeout: 30_000,
  use: {
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
