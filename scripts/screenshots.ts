// Takes phone and desktop screenshots of pages of a running site, for a person to look at.
// Usage: node scripts/screenshots.ts http://127.0.0.1:3000 out-dir /path [/path...]
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { chromeFlags, findOrInstallChrome } from "./chrome.ts";

const [origin = "http://127.0.0.1:3000", outDir = "screenshots", ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: findOrInstallChrome(),
  args: chromeFlags.filter((f) => f !== "--headless"),
  headless: true,
});
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
for (const [name, viewport] of Object.entries(viewports)) {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    javaScriptEnabled: process.env.NO_JS !== "1",
  });
  const page = await context.newPage();
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(origin + p, { waitUntil: "networkidle" });
    // Scroll through the page so lazy images load before the full-page picture is taken.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo({ top: 0, behavior: "instant" });
    });
    await page.waitForLoadState("networkidle");
    const file = path.join(outDir, `${name}${p.replace(/[/?=&]+/g, "_") || "_home"}.png`);
    await page.screenshot({ path: file, fullPage: process.env.FULL !== "0" });
    console.log(file);
  }
  await context.close();
}
await browser.close();
