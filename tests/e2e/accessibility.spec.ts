import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/lib/public-pages";
import { expect, test } from "./utils";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

// axe is injected as a script; the site's CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
  });
}

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of [...publicPaths, "/no-such-page"]) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        expect(await violations(page)).toEqual([]);
      });
    }

    test("an open syllabus module and an open menu have no violations", async ({ page }) => {
      await page.goto("/courses/embedded");
      if (viewport.name === "phone") await page.getByText("Menu", { exact: true }).click();
      const nav = page.getByRole("navigation", { name: "Main" });
      await nav.getByText("Courses", { exact: true }).click();
      await page.locator("details[name=syllabus] > summary").first().click();
      expect(await violations(page)).toEqual([]);
    });
  });
}
