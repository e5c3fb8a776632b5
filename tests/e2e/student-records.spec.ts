import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

/** Where the screenshots of the list and a record go (SCREENSHOTS_DIR; not kept otherwise). */
const shots = process.env.SCREENSHOTS_DIR;

async function register(browser: Browser, name: string, mobile: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/online/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Stream").selectOption("B.TECH");
  await page.getByLabel("Major").selectOption("CSE");
  await page.getByLabel("State").selectOption("kerala");
  await page.getByLabel("District").selectOption("Ernakulam");
  await page.getByLabel("Course").selectOption("iot");
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Form submitted successfully!")).toBeVisible();
  await context.close();
}

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

const widths = [
  { name: "desktop", viewport: { width: 1280, height: 800 }, javaScriptEnabled: true },
  { name: "phone without JavaScript", viewport: { width: 390, height: 844 }, javaScriptEnabled: false },
  { name: "phone", viewport: { width: 390, height: 844 }, javaScriptEnabled: true },
] as const;

for (const [index, setting] of widths.entries()) {
  test.describe(`a counsellor takes a new student to Enrolled (${setting.name})`, () => {
    test.use({ viewport: setting.viewport, javaScriptEnabled: setting.javaScriptEnabled });

    test("from arrival, through a logged call and the stages, to Enrolled", async ({ page, browser }) => {
      const mobile = `98450${String(10000 + index * 7 + Math.floor(Math.random() * 1000)).slice(-5)}`;
      const name = `Nithya ${["Desk", "Phone", "Mobile"][index]} ${mobile.slice(-4)}`;
      await register(browser, name, mobile, `nithya.${mobile}@example.com`);

      await signIn(page, staffAccounts.iot);
      await page.goto("/onlineuser/iot/students");
      await expect(page).toHaveTitle(/^Students \| Desk/);
      // Found by the number as copied from WhatsApp, across all time.
      await page.getByLabel("Search name, mobile or e-mail").fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByTestId("record-row")).toHaveCount(1);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(setting.viewport.width);
      await page.goto("/onlineuser/iot/students");
      await screenshot(page, `list-${setting.viewport.width}${setting.javaScriptEnabled ? "" : "-nojs"}`);
      await page.getByRole("link", { name }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${name} \\| Student record`));
      await expect(page.getByRole("link", { name: `Call ${mobile}` })).toHaveAttribute("href", `tel:+91${mobile}`);
      await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
        "href",
        new RegExp(`^https://wa\\.me/91${mobile}\\?text=`),
      );
      await expect(page.getByText("Registration received").first()).toBeVisible();

      const contact = page.locator("#contact");
      await contact.getByLabel("Outcome of the call").selectOption("connected");
      await contact.getByLabel("Note (optional)").fill("Wants the weekend batch.");
      await contact.getByLabel("Next follow-up (India time)").fill("2028-01-15T11:00");
      await contact.getByRole("button", { name: "Log it" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Logged." })).toBeVisible();
      await expect(page.getByText("Wants the weekend batch.")).toBeVisible();
      await expect(page.getByText(/Next follow-up 15 Jan 2028, 11:00/)).toBeVisible();

      for (const stage of ["Contacted", "Counselled", "Visit/demo", "Applied", "Enrolled"]) {
        await page.locator("#stage select[name=stage]").selectOption({ label: stage });
        await page.getByRole("button", { name: "Save stage" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Stage saved." })).toBeVisible();
        await expect(page.locator(".record-summary .stage")).toHaveText(stage);
      }
      if (setting.javaScriptEnabled) await expect(page.locator("#stage")).toBeFocused();
      const recordWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(recordWidth, "no sideways scrolling").toBeLessThanOrEqual(setting.viewport.width);
      await screenshot(page, `record-${setting.viewport.width}${setting.javaScriptEnabled ? "" : "-nojs"}`);

      if (setting.javaScriptEnabled) {
        // Something typed and not saved: leaving asks first; staying keeps the page and the text.
        await page.locator("#note textarea").fill("Not saved yet");
        const prompts: string[] = [];
        page.once("dialog", (dialog) => {
          prompts.push(dialog.message());
          void dialog.dismiss();
        });
        await page.getByRole("link", { name: "All students" }).click();
        await expect.poll(() => prompts.length, { message: "leaving asked first" }).toBe(1);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expect(page.locator("#note textarea")).toHaveValue("Not saved yet");
        await expect(page).toHaveURL(/\/students\/\d+/);
        // Typing and following a link at once (before the page has rendered again) asks too.
        page.once("dialog", (dialog) => {
          prompts.push(dialog.message());
          void dialog.dismiss();
        });
        await page.evaluate(() => {
          const note = document.querySelector<HTMLTextAreaElement>("#contact textarea");
          if (!note) throw new Error("no note field");
          note.value = "Typed just now";
          note.dispatchEvent(new Event("input", { bubbles: true }));
          [...document.querySelectorAll("a")].find((link) => link.textContent === "All students")?.click();
        });
        await expect.poll(() => prompts.length, { message: "asked at once too" }).toBe(2);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expect(page.locator("#contact textarea")).toHaveValue("Typed just now");
        // Asked again and accepted: the counsellor leaves.
        page.once("dialog", (dialog) => {
          prompts.push(dialog.message());
          void dialog.accept();
        });
      }
      await page.getByRole("link", { name: "All students" }).click();
      if (setting.javaScriptEnabled) await expect(page).toHaveURL(/\/students(\?|$)/);
      await page.getByRole("search").locator("select[name=stage]").selectOption({ label: "Enrolled" });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByRole("link", { name })).toBeVisible();
    });
  });
}

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>, limit = 60) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("by keyboard alone", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a counsellor takes a new student from arrival to Enrolled without a mouse", async ({ page, browser }) => {
    const mobile = `97400${String(Math.floor(Math.random() * 100000)).padStart(5, "0")}`;
    const name = `Keyboard Kiran ${mobile.slice(-4)}`;
    await register(browser, name, mobile, `kiran.${mobile}@example.com`);
    await signIn(page, staffAccounts.iot);
    await page.goto("/onlineuser/iot/students");

    // From the top of the page: Tab to the search, type the number, Enter.
    await tabTo(page, page.getByLabel("Search name, mobile or e-mail"));
    await page.keyboard.type(mobile);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("record-row")).toHaveCount(1);
    await tabTo(page, page.getByRole("link", { name }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    // Log the call: the outcome chosen with the arrow keys, a note typed, Enter on the button.
    const outcome = page.locator("#contact").getByLabel("Outcome of the call");
    await tabTo(page, outcome);
    await page.keyboard.press("ArrowDown");
    await expect(outcome).toHaveValue("connected");
    await page.keyboard.press("Tab");
    await expect(page.locator("#contact textarea")).toBeFocused();
    await page.keyboard.type("Called back by keyboard.");
    await tabTo(page, page.locator("#contact").getByRole("button", { name: "Log it" }), 10);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Logged." })).toBeVisible();
    await expect(page.locator("#contact")).toBeFocused();
    await expect(page.getByText("Called back by keyboard.")).toBeVisible();

    // Each stage in turn: the next one with the arrow key, then Tab to "Save stage" and Enter.
    const stage = page.locator("#stage select[name=stage]");
    for (const next of ["Contacted", "Counselled", "Visit/demo", "Applied", "Enrolled"]) {
      await tabTo(page, stage, 20);
      await page.keyboard.press("ArrowDown");
      await tabTo(page, page.getByRole("button", { name: "Save stage" }), 5);
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Stage saved." })).toBeVisible();
      await expect(page.locator(".record-summary .stage")).toHaveText(next);
      await expect(page.locator("#stage")).toBeFocused();
    }
  });
});
