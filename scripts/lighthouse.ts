// `npm run lighthouse`: Lighthouse (mobile) on every public page of the production build.
// Starts the built server on a throw-away data directory, prints a table, exits non-zero
// when a page scores under the budget (LIGHTHOUSE_MIN, default 100) in any category.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromeFlags, findOrInstallChrome } from "./chrome.ts";

const publicPaths = [
  "/",
  "/about/founder-chairman",
  "/about/admissions",
  "/about/facilities",
  "/about/events",
  "/about/bytes-in-bits",
  "/about/review",
  "/our-placements",
  "/industry-partnership",
  "/courses/embedded",
  "/courses/iot",
  "/courses/fullstack",
  "/courses/ai",
  "/courses/matlab",
  "/contact",
  "/online/register",
  "/login",
  "/privacy",
];
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 100);
const onlyPaths = process.argv.slice(2);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3311);
const origin = `http://127.0.0.1:${port}`;

async function startSite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-lighthouse-"));
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    stop() {
      child.kill("SIGTERM");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const site = await startSite();
const chrome = await chromeLauncher.launch({
  chromePath: findOrInstallChrome(),
  chromeFlags: [...chromeFlags, `--user-data-dir=${mkdtempSync(path.join(tmpdir(), "lh-profile-"))}`],
});
const rows: string[][] = [];
let failures = 0;
try {
  for (const pagePath of onlyPaths.length ? onlyPaths : publicPaths) {
    // A warm-up load so the first measurement is not of a cold server.
    await fetch(origin + pagePath);
    const result = await lighthouse(origin + pagePath, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
      formFactor: "mobile",
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
    const lhr = result.lhr;
    const scores = categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
    const bytes = lhr.audits["total-byte-weight"]?.numericValue ?? 0;
    if (scores.some((s) => s < minimum)) {
      failures++;
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .map((a) => `    - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      console.log(`${pagePath} is under budget:\n${failed.join("\n")}`);
    }
    rows.push([pagePath, ...scores.map(String), `${(lcp / 1000).toFixed(2)} s`, `${(bytes / 1024).toFixed(1)} KB`]);
  }
} finally {
  await chrome.kill();
  site.stop();
}

const header = ["page", "performance", "accessibility", "best practices", "SEO", "LCP", "total bytes"];
const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
console.log(`\n${table}\n`);
if (process.env.LIGHTHOUSE_OUT) writeFileSync(process.env.LIGHTHOUSE_OUT, `${table}\n`);
if (failures > 0) {
  console.error(`${failures} page(s) scored under ${minimum} in some category.`);
  process.exit(1);
}
