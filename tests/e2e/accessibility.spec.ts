import { publicPaths } from "../../app/site/public-pages";
import { axeViolations, expect, test } from "./utils";

// axe is injected as a script; the site's CSP would (rightly) refuse it.
test.use({ bypassCSP: true });

const viewports = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of [...publicPaths, "/no-such-page"]) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test("an open syllabus module and an open menu have no violations", async ({ page }) => {
      await page.goto("/courses/embedded");
      if (viewport.name === "phone") await page.getByText("Menu", { exact: true }).click();
      const nav = page.getByRole("navigation", { name: "Main" });
      // On phones the open menu shows every section; on wide screens a sub-menu opens on its own.
      if (viewport.name === "desktop") await nav.getByRole("button", { name: "Courses" }).click();
      await expect(nav.getByRole("link", { name: "IoT", exact: true })).toBeVisible();
      await page.locator("details[name=syllabus] > summary").first().click();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
