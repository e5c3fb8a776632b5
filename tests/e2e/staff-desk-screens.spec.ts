import { signIn, staffAccounts } from "./staff-accounts";
import { axeViolations, expect, test } from "./utils";

// Every desk screen, at phone and desktop widths: no accessibility violations (axe), nothing
// wider than the screen, and on a phone the menu folded away above the page.

test.use({ bypassCSP: true });

const screens = {
  admin: [
    "/admin",
    "/admin/registers?range=all",
    "/admin/contactform?range=all",
    "/admin/registers/iot",
    "/admin/courses/embedded",
    "/admin/placements",
    "/admin/reviews",
    "/admin/partners",
    "/admin/staff",
    "/admin/audit",
  ],
  "admin pipeline": [
    "/admin/students",
    "/admin/assignment",
    "/admin/whatsapp",
    "/admin/numbers",
    "/admin/branches",
    "/admin/photos",
    "/admin/analytics",
    "/admin/report",
    "/admin/notifications",
    "/admin/privacy",
    "/desk/team",
    "/desk/day",
  ],
  iot: ["/onlineuser/iot?range=all", "/onlineuser/iot/course", "/onlineuser/iot/students", "/desk/day"],
  several: ["/desk/day", "/counsellor/students", "/counsellor/enquiries"],
} as const;

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`desk at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const [who, paths] of Object.entries(screens)) {
      test(`${who}'s screens are accessible and fit the screen`, async ({ page }) => {
        test.slow();
        const account = who === "admin pipeline" ? "admin" : (who as Exclude<keyof typeof screens, "admin pipeline">);
        await signIn(page, staffAccounts[account]);
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          // Each page's title says what it is, not only which desk it is on.
          expect(await page.title(), path).toMatch(/^.+ \| Desk \| /);
          expect(await axeViolations(page), path).toEqual([]);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, `${path} is wider than the screen`).toBeLessThanOrEqual(viewport.width);
          const menu = page.getByRole("navigation", { name: "Staff" });
          if (viewport.name === "phone") {
            await expect(menu).toBeHidden();
          } else {
            await expect(menu.getByRole("button", { name: "logout" })).toBeVisible();
          }
        }
      });
    }
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu opens from its button, leads to a page and folds away again", async ({ page }) => {
    test.slow();
    await signIn(page, staffAccounts.admin);
    const menu = page.getByRole("navigation", { name: "Staff" });
    await expect(menu).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Contactform" }).click();
    await expect(page.getByRole("heading", { name: "Contact enquiries" })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});
