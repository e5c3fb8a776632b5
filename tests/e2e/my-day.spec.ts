// A counsellor's morning on My day, and an admin's team view: sign-in lands there, a tap calls
// (or opens WhatsApp), the outcome and the next follow-up are logged in the same place, the row
// leaves its group and the counts in the menu follow, on a 390 px phone with and without
// JavaScript, and by keyboard on a desktop.
import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

/** Where screenshots go (SCREENSHOTS_DIR; not kept otherwise). */
const shots = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string, fullPage = false) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

// The Embedded course is this file's own: no other browser test registers for it, so the
// counts seen here move only by what these tests do (one after the other).
test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  await embeddedPool(browser);
});

/** The admin puts the Embedded coordinator in the course's pool: new Embedded students go to them. */
async function embeddedPool(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/assignment");
  const pool = page.getByRole("form", { name: "Pool of Embedded", exact: true });
  await pool.getByRole("checkbox", { name: staffAccounts.embedded }).check();
  await pool.getByRole("button", { name: "Save pool of Embedded", exact: true }).click();
  await expect(
    page
      .getByRole("form", { name: "Pool of Embedded", exact: true })
      .getByRole("checkbox", { name: staffAccounts.embedded }),
  ).toBeChecked();
  await context.close();
}

async function submit(browser: Browser, name: string, mobile: string, course?: "embedded") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(course ? "/online/register" : "/contact");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(`${name.toLowerCase().replace(/\W+/g, ".")}@example.com`);
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByLabel("Stream").selectOption("B.E");
  await page.getByLabel("Major").selectOption("ECE");
  await page.getByLabel("State").selectOption("karnataka");
  await page.getByLabel("District").selectOption("Udupi");
  if (course) await page.getByLabel("Course").selectOption(course);
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
  await page.getByRole("button", { name: course ? "Register" : "Submit" }).click();
  await expect(page.getByText("Form submitted successfully!")).toBeVisible();
  await context.close();
}

const uniqueMobile = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 100_000)).padStart(5, "0")}`;

/** The number in a group's heading on My day. */
async function groupTotal(page: Page, title: string): Promise<number> {
  const text = await page.getByRole("heading", { level: 2, name: new RegExp(`^${title}`) }).textContent();
  return Number(/(\d+)\s*$/.exec(text ?? "")?.[1] ?? Number.NaN);
}

/** "3 new" in the menu's counts (0 when not shown). */
async function menuCount(page: Page, which: "overdue" | "today" | "new"): Promise<number> {
  const counts = page.locator(".desk-day-shortcut, .desk-menu").getByTestId("nav-counts").first();
  const text = (await counts.textContent()) ?? "";
  return Number(new RegExp(`(\\d+)\\+? ${which}`).exec(text)?.[1] ?? 0);
}

/** A tel: link opens the phone's dialer; the browser under test has none, so the tap goes no further. */
async function keepTelLinksHere(page: Page) {
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as Element | null)?.closest?.("a[href^='tel:'], a[href^='https://wa.me/']");
        if (link) event.preventDefault();
      },
      true,
    ),
  );
}

test.describe("a counsellor's morning on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("lands on My day, calls a new student, logs the outcome and the next follow-up; the row and counts move live", async ({
    page,
    browser,
  }) => {
    const mobile = uniqueMobile("93420");
    const name = `Meera Phone ${mobile.slice(-4)}`;
    await submit(browser, name, mobile, "embedded");

    await signIn(page, staffAccounts.embedded);
    await expect(page).toHaveURL(/\/desk\/day$/);
    await expect(page.getByRole("heading", { level: 1, name: /^My day/ })).toBeVisible();
    await expect(page.locator(".live-badge")).toContainText("Live");
    const row = page.getByTestId("day-row").filter({ hasText: name });
    await expect(row).toHaveAttribute("data-group", "new");
    await expect(row).toContainText(/Arrived (under a minute|\d+ min) ago/);
    const newBefore = await groupTotal(page, "New, never contacted");
    expect(await menuCount(page, "new")).toBe(newBefore);
    await expect(row.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", `tel:+91${mobile}`);
    await expect(row.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/91${mobile}\\?text=Hello`),
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      "no sideways scrolling",
    ).toBeLessThanOrEqual(390);
    await screenshot(page, "my-day-390");

    // A second screen of the same counsellor, left open: it follows without a reload.
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const otherPage = await other.newPage();
    await signIn(otherPage, staffAccounts.embedded);
    const otherRow = otherPage.getByTestId("day-row").filter({ hasText: name });
    await expect(otherRow).toHaveAttribute("data-group", "new");
    await expect(otherPage.locator(".live-badge")).toContainText("Live");

    // One tap on Call: the dialer (here nothing) and the log form, ready for when the call ends.
    await keepTelLinksHere(page);
    await row.getByRole("link", { name: /^Call/ }).click();
    const form = row.locator("form");
    await expect(form).toBeVisible();
    await expect(form.getByRole("radio", { name: "Call", exact: true })).toBeChecked();
    await form.getByText("No answer").click();
    // No answer: the next follow-up offered is later today.
    await expect(form.getByRole("radio", { name: /^In 2 hours/ })).toBeChecked();
    await form.getByText(/^Next working day/).click();
    await form.getByLabel("Note (optional)").fill("Rang twice, will try tomorrow.");
    await screenshot(page, "my-day-390-log");
    await form.getByRole("button", { name: "Save" }).click();

    await expect(
      page.getByRole("status").filter({ hasText: `Call with ${name} logged. Next follow-up:` }),
    ).toBeVisible();
    const moved = page.getByTestId("day-row").filter({ hasText: name });
    await expect(moved).toHaveAttribute("data-group", "recent");
    await expect(moved).toContainText("next follow-up");
    expect(await groupTotal(page, "New, never contacted")).toBe(newBefore - 1);
    await expect.poll(() => menuCount(page, "new")).toBe(newBefore - 1);
    await screenshot(page, "my-day-390-after");
    // The other screen moved the row and its counts by itself.
    await expect(otherRow).toHaveAttribute("data-group", "recent");
    await expect.poll(() => menuCount(otherPage, "new")).toBe(newBefore - 1);
    await screenshot(otherPage, "my-day-1280-live");
    await other.close();

    // The call is on the student's timeline, with the follow-up agreed.
    await moved.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Rang twice, will try tomorrow.")).toBeVisible();
  });

  test("a refused log keeps what was typed and says what is missing", async ({ page, browser }) => {
    const mobile = uniqueMobile("93421");
    const name = `Ravi Phone ${mobile.slice(-4)}`;
    await submit(browser, name, mobile, "embedded");
    await signIn(page, staffAccounts.embedded);
    const row = page.getByTestId("day-row").filter({ hasText: name });
    await row.getByText("Log the outcome").click();
    const form = row.locator("form");
    await form.getByLabel("Note (optional)").fill("Line was busy?");
    await form.getByText("Pick a time").click();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please choose how the call went.");
    await expect(form.getByLabel("Note (optional)")).toHaveValue("Line was busy?");
    await form.getByText("Busy", { exact: true }).click();
    await form.getByText("Pick a time").click();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please give the date and time of the next follow-up.");
    await expect(row).toHaveAttribute("data-group", "new");
  });
});

test.describe("a counsellor's morning without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("logs a WhatsApp message from the row: the form posts and My day comes back with the row moved", async ({
    page,
    browser,
  }) => {
    const mobile = uniqueMobile("93422");
    const name = `Asha Plain ${mobile.slice(-4)}`;
    await submit(browser, name, mobile, "embedded");
    await signIn(page, staffAccounts.embedded);
    await expect(page).toHaveURL(/\/desk\/day$/);
    const row = page.getByTestId("day-row").filter({ hasText: name });
    await expect(row).toHaveAttribute("data-group", "new");
    const newBefore = await groupTotal(page, "New, never contacted");
    expect(await menuCount(page, "new")).toBe(newBefore);

    await row.getByText("Log the outcome").click();
    const form = row.locator("form");
    await form.getByText("WhatsApp", { exact: true }).click();
    await form.getByText("In 3 days").click();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/desk\/day\?logged=\d+&channel=whatsapp$/);
    await expect(page.getByRole("status").filter({ hasText: "logged" })).toContainText(
      `WhatsApp message to ${name} logged. Next follow-up:`,
    );
    await expect(page.getByTestId("day-row").filter({ hasText: name })).toHaveAttribute("data-group", "recent");
    expect(await groupTotal(page, "New, never contacted")).toBe(newBefore - 1);
    expect(await menuCount(page, "new")).toBe(newBefore - 1);

    // A refused form comes back with the row's form open, the message and what was typed.
    const second = uniqueMobile("93423");
    const other = `Kiran Plain ${second.slice(-4)}`;
    await submit(browser, other, second, "embedded");
    await page.goto("/desk/day");
    const otherRow = page.getByTestId("day-row").filter({ hasText: other });
    await otherRow.getByText("Log the outcome").click();
    await otherRow.getByLabel("Note (optional)").fill("Father picked up.");
    await otherRow.getByRole("button", { name: "Save" }).click();
    const refused = page.getByTestId("day-row").filter({ hasText: other });
    await expect(refused.getByRole("alert")).toHaveText("Please choose how the call went.");
    await expect(refused.getByLabel("Note (optional)")).toHaveValue("Father picked up.");
    await screenshot(page, "my-day-390-nojs-refused");
  });
});

test.describe("by keyboard on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Call, the outcome, the next follow-up and Save, without a mouse", async ({ page, browser }) => {
    const mobile = uniqueMobile("93424");
    const name = `Keyboard Kavya ${mobile.slice(-4)}`;
    await submit(browser, name, mobile, "embedded");
    await signIn(page, staffAccounts.embedded);
    await keepTelLinksHere(page);
    const row = page.getByTestId("day-row").filter({ hasText: name });
    const call = row.getByRole("link", { name: /^Call/ });
    for (let presses = 0; presses < 80 && !(await call.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(call).toBeFocused();
    await page.keyboard.press("Enter");
    const form = row.locator("form");
    await expect(form).toBeVisible();
    // WhatsApp link, the form's summary, the channel, then the outcomes.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(form.getByRole("radio", { name: "Connected" })).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Wants the weekend batch.");
    await page.keyboard.press("Tab");
    await expect(form.getByRole("radio", { name: /^Next working day/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(form.getByRole("radio", { name: /^In 3 days/ })).toBeChecked();
    // Past the date and time field (its parts are each a stop) to Save.
    const save = form.getByRole("button", { name: "Save" });
    for (let presses = 0; presses < 10 && !(await save.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press("Tab");
    }
    await expect(save).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `Call with ${name} logged.` })).toBeVisible();
    await expect(page.getByTestId("day-row").filter({ hasText: name })).toHaveAttribute("data-group", "recent");
    // Focus moved on to where the row was, not lost at the top of the page.
    expect(await page.evaluate(() => document.activeElement?.closest("section")?.id)).toBe("new");
    await screenshot(page, "my-day-1280");
  });
});

test.describe("the menu's counts", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("follow a new student on a page that does not reload itself", async ({ page, browser }) => {
    await signIn(page, staffAccounts.embedded);
    await page.goto("/onlineuser/embedded/course");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const before = await menuCount(page, "new");
    const mobile = uniqueMobile("93427");
    await submit(browser, `Counted Chitra ${mobile.slice(-4)}`, mobile, "embedded");
    // Heard on the event stream at once; the minute's clock refresh would catch it otherwise.
    await expect.poll(() => menuCount(page, "new"), { timeout: 70_000 }).toBe(before + 1);
  });
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`the team view at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an admin lands on the team's day: counsellors, the Unassigned queue live, who is away", async ({
      page,
      browser,
    }) => {
      await signIn(page, staffAccounts.admin);
      await expect(page).toHaveURL(/\/desk\/team$/);
      await expect(page.getByRole("heading", { level: 1, name: /^Team day/ })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: /^Not contacted within 2 h/ })).toBeVisible();
      const embedded = page.getByTestId("team-row").filter({ hasText: staffAccounts.embedded });
      await expect(embedded).toBeVisible();
      await expect(page.getByTestId("team-row").filter({ hasText: "Unassigned queue" })).toBeVisible();
      await expect(page.locator(".live-badge")).toContainText("Live");

      // An enquiry without a course waits in the Unassigned queue: it appears there by itself.
      const mobile = uniqueMobile(viewport.width === 390 ? "93425" : "93426");
      const name = `Queue Quinn ${mobile.slice(-4)}`;
      // The queue lists its longest-waiting students first: the count shows the newcomer live,
      // and the row is on the queue's page once the earlier ones are taken. Tests running beside
      // this one may add to the queue too: the count is at least one more, never less.
      const count = page.locator("#queue-new .day-group-count");
      const before = Number(await count.textContent());
      await submit(browser, name, mobile);
      await expect.poll(async () => Number(await count.textContent())).toBeGreaterThanOrEqual(before + 1);
      const queued = page.locator("#queue-new").getByTestId("day-row").filter({ hasText: name });
      if (before < 8) {
        await expect(queued).toBeVisible();
        await expect(queued).toContainText("Unassigned");
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        "no sideways scrolling",
      ).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `team-${viewport.width}`);
      await screenshot(page, `team-${viewport.width}-full`, true);

      // The counsellor's number links to the list of those records.
      const newLink = embedded.getByRole("cell").nth(2).getByRole("link");
      if ((await newLink.count()) > 0) {
        await newLink.click();
        await expect(page).toHaveURL(/\/admin\/students\?owner=.+&day=new&sort=oldest$/);
        await expect(page.getByText(/^From My day:/)).toContainText("New, never contacted");
      }
    });
  });
}
