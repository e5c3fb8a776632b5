// Finds a Chromium for the browser tests and Lighthouse: CHROME_PATH, the
// system's Chromium, or one Playwright installed; installs Playwright's when none.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const systemCandidates = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

/** Flags that keep Chromium quiet and offline-friendly in this environment. */
export const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function playwrightChromium(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core") as typeof import("playwright-core");
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function findChrome(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`CHROME_PATH is set to ${fromEnv}, which does not exist; looking elsewhere.`);
  }
  return systemCandidates.find((candidate) => existsSync(candidate)) ?? playwrightChromium();
}

export function findOrInstallChrome(): string {
  const found = findChrome();
  if (found) return found;
  console.log("No Chromium found: installing Playwright's Chromium (npx playwright install chromium)...");
  const result = spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  const installed = result.status === 0 ? playwrightChromium() : undefined;
  if (installed) return installed;
  console.error(
    [
      "",
      "The browser tests need Chromium, and none could be found or downloaded here.",
      "Install one and run the tests again:",
      "  - Debian/Ubuntu: sudo apt-get install -y chromium",
      "  - or point CHROME_PATH at any Chrome/Chromium binary: CHROME_PATH=/path/to/chrome npm test",
      "",
    ].join("\n"),
  );
  process.exit(1);
}

if (import.meta.main) {
  const path = findOrInstallChrome();
  console.log(path);
  console.log(execFileSync(path, ["--version"], { encoding: "utf8" }).trim());
}
