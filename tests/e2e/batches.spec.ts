// Batches as a student and the institute meet them in Chromium, on a phone (390 px) and a
// laptop (1280 px): the next batches on the public pages (which ship no JavaScript), picking a
// batch on the registration form with and without JavaScript, and adding a batch on the desk.
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

/** Screenshots to look at, when SHOTS_DIR names a folder (outside the repository). */
async function shoot(page: Page, name: string) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
}

const student = {
  Name: "Meera Krishnan",
  Email: "meera.k@example.com",
  "Mobile number": "9876512340",
};

async function fillStudent(page: Page) {
  for (const [label, value] of Object.entries(student)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Stream").selectOption("B.E");
  await page.getByLabel("Major").selectOption("ECE");
  await page.getByLabel("State").selectOption("tamilnadu");
  await page.getByLabel("District").selectOption("Chennai");
  await page.getByRole("checkbox", { name: /I agree to .* using these details/ }).check();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("home, admissions and course pages list the next batches soonest first, without JavaScript", async ({
      page,
    }) => {
      // Three pages, each looked at closely.
      test.slow();
      for (const [pathname, name] of [
        ["/", "home"],
        ["/about/admissions", "admissions"],
        ["/courses/embedded", "course-embedded"],
      ] as const) {
        await page.goto(pathname);
        const cards = page.locator(".batch-card");
        expect(await cards.count(), pathname).toBeGreaterThanOrEqual(2);
        const dates = await cards.locator(".batch-card-title span:last-child").allTextContents();
        const days = dates.map((text) => Date.parse(text.replace(/^Starts \w+, /, "")));
        expect(days, `${pathname} soonest first`).toEqual([...days].sort((a, b) => a - b));
        await expect(cards.first()).toBeVisible();
        // Content pages stay free of scripts (decision 017): only structured data.
        expect(await page.locator("script:not([type='application/ld+json'])").count(), pathname).toBe(0);
        await fitsTheScreen(page);
        await shoot(page, `${name}-${width}`);
      }
      // A course without batches says so.
      await page.goto("/courses/ai");
      await expect(page.getByText("Starting soon").first()).toBeVisible();
    });

    test("a student picks a batch of the chosen course, and the desk shows it", async ({ page }) => {
      await page.goto("/online/register");
      const batch = page.getByLabel("Batch (optional)");
      // With the page script, only the chosen course's batches are offered.
      await page.getByLabel("Course").selectOption("embedded");
      const embedded = await batch.locator("option").allTextContents();
      expect(embedded[0]).toBe("No preference yet");
      expect(embedded.length).toBeGreaterThanOrEqual(3);
      expect(embedded.slice(1).every((text) => /^\w{3} \d{1,2} \w{3}( \d{4})?: week(day|end)s, /.test(text))).toBe(
        true,
      );
      await page.getByLabel("Course").selectOption("ai");
      await expect(batch).toBeHidden();
      // Python Fullstack's weekend batch is full: it is not offered (its online batch is).
      await page.getByLabel("Course").selectOption("python fullstack");
      await expect(batch.locator("option")).toHaveCount(2);
      await expect(batch.locator("option:disabled")).toHaveCount(0);
      await page.getByLabel("Course").selectOption("embedded");
      await fillStudent(page);
      await batch.selectOption({ index: 2 });
      const picked = (await batch.locator("option:checked").textContent()) ?? "";
      await fitsTheScreen(page);
      await shoot(page, `register-batch-${width}`);
      await page.getByRole("button", { name: "Register" }).click();
      await expect(page.getByText("Form submitted successfully!")).toBeVisible();

      await signIn(page, staffAccounts.embedded);
      await page.goto("/onlineuser/embedded");
      // The desk shows the batch in full, as it read when the student sent the form.
      const [, when = ""] = picked.split(": ");
      const daysAndTimes = when.split(", ").slice(0, 2).join(", ");
      await expect(page.getByText(new RegExp(`^Batch: Starts .*: ${daysAndTimes} \\(`)).first()).toBeVisible();
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });

  test("every course's batches are offered, and a batch of another course is refused beside the field", async ({
    page,
  }) => {
    await page.goto("/online/register?course=embedded");
    const batch = page.getByLabel("Batch (optional)");
    expect(await batch.locator("optgroup").count()).toBeGreaterThanOrEqual(3);
    await fillStudent(page);
    const other = batch.locator("optgroup[data-course='iot'] option").first();
    await batch.selectOption((await other.getAttribute("value")) ?? "");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText(/This batch is of another course/)).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(student.Name);
    await expect(page.getByLabel("Course")).toHaveValue("embedded");
    await shoot(page, "register-refused-nojs-390");
  });
});

for (const width of [390, 1280]) {
  test.describe(`the desk at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("an admin adds a batch, a typing mistake is shown beside the field, and the course page shows it", async ({
      page,
    }) => {
      const day = width === 390 ? "2031-08-04" : "2031-08-11";
      const shown = width === 390 ? "Mon, 4 Aug 2031" : "Mon, 11 Aug 2031";
      await signIn(page, staffAccounts.admin);
      await page.goto("/admin/courses/matlab");
      const form = page.locator("form", { has: page.getByRole("heading", { name: "Add a batch" }) });
      await form.getByLabel("Branch").selectOption("bangalore");
      await form.getByLabel("Starts on").fill(day);
      await form.getByLabel("Days").selectOption("weekend");
      await form.getByLabel("Class starts").fill("10:00");
      await form.getByLabel("Class ends").fill("09:00");
      await form.getByLabel("Mode").selectOption("classroom");
      await form.getByLabel("Total seats").fill("12");
      await form.getByLabel("Fee (₹)").fill("25000");
      await form.getByLabel(/The fee includes/).fill("MATLAB licence for the course");
      await form.getByRole("button", { name: "Add batch" }).click();
      await expect(page.getByText("The class must end after it starts.")).toBeVisible();
      const again = page.locator("form", { has: page.getByRole("heading", { name: "Add a batch" }) });
      await expect(again.getByLabel("Fee (₹)")).toHaveValue("25000");
      await again.getByLabel("Class ends").fill("14:00");
      await shoot(page, `desk-add-batch-${width}`);
      await again.getByRole("button", { name: "Add batch" }).click();
      await expect(page.getByText(/Batch added: it starts/)).toBeVisible();
      await fitsTheScreen(page);

      await page.goto("/courses/matlab");
      const card = page.locator(".batch-card", { hasText: shown });
      await expect(card).toContainText("Weekends (Sat and Sun), 10 am to 2 pm");
      await expect(card).toContainText("Classroom, Bangalore");
      await expect(card).toContainText("12 seats left");
      await expect(card).toContainText("MATLAB licence for the course");
    });
  });
}
