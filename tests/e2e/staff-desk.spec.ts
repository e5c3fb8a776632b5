import type { Browser, Page } from "@playwright/test";
import { staffAccounts, staffPassword } from "./staff-accounts";
import { expect, test } from "./utils";

/** A real 2x2 PNG. */
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
}

async function submitEnquiry(browser: Browser, name: string, extra: Record<string, string> = {}, path = "/contact") {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(extra.email ?? `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`);
  await page.getByLabel("Mobile number").fill(extra.mobile ?? "9000012345");
  await page.getByLabel("Stream").selectOption("B.TECH");
  await page.getByLabel("Major").selectOption("CSE");
  await page.getByLabel("State").selectOption("kerala");
  await page.getByLabel("District").selectOption("Ernakulam");
  if (extra.course) await page.getByLabel("Course").selectOption(extra.course);
  await page.getByRole("button", { name: path === "/contact" ? "Submit" : "Register" }).click();
  await expect(page.getByText("Form submitted successfully!")).toBeVisible();
  await context.close();
}

test("an admin signs in, lands on /admin and sees every menu of the desk", async ({ page }) => {
  await signIn(page, staffAccounts.admin);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Staff" });
  for (const label of [
    "HOME",
    "All registers",
    "Contactform",
    "embedded form",
    "python form",
    "iot form",
    "matlab form",
    "Embedded",
    "IoT",
    "Fullstack",
    "AI",
    "MatLab",
    "placements Update",
  ]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(nav.getByRole("button", { name: "logout" })).toBeVisible();
});

test("wrong credentials get one message that does not say which part was wrong", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(staffAccounts.admin);
  await page.getByLabel("Password", { exact: true }).fill("not the right password at all");
  await page.getByRole("button", { name: "Login" }).click();
  const wrongPassword = await page.getByRole("alert").textContent();
  await page.getByLabel("Email").fill("nobody@sampige-academy.example");
  await page.getByLabel("Password", { exact: true }).fill("not the right password at all");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toHaveText(wrongPassword ?? "");
  expect(wrongPassword).toContain("Invalid email or password");
});

test("the show-password box reveals the password", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Password", { exact: true }).fill("secret words");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
  await page.getByLabel("Show password").check();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
});

test("a new enquiry appears live in an open table, without reloading", async ({ page, browser }) => {
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/contactform");
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();
  const name = `Live Student ${Date.now()}`;
  await submitEnquiry(browser, name);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible({ timeout: 5_000 });
});

test("a coordinator sees only their course, live, and nothing else", async ({ page, browser }) => {
  const iotName = `Iot Learner ${Date.now()}`;
  const aiName = `Ai Learner ${Date.now()}`;
  await submitEnquiry(browser, aiName, { course: "ai", mobile: "9000054321" }, "/online/register");
  await signIn(page, staffAccounts.iot);
  await expect(page).toHaveURL(/\/onlineuser\/iot$/);
  await submitEnquiry(browser, iotName, { course: "iot", mobile: "9000067890" }, "/online/register");
  await expect(page.getByRole("cell", { name: iotName, exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole("cell", { name: aiName, exact: true })).toHaveCount(0);

  for (const path of ["/onlineuser/ai", "/admin", "/admin/contactform", "/admin/placements"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Unauthorized access")).toBeVisible();
  }
});

test("the table downloads as CSV", async ({ page, browser }) => {
  const name = `Csv Student ${Date.now()}`;
  await submitEnquiry(browser, name);
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/contactform");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^enquiries-.*\.csv$/);
  const text = await (await download.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(csv).toContain("Name");
  expect(csv).toContain(name);
});

test("a start date set by the coordinator shows on the public site, and clearing it shows Starting soon", async ({
  page,
}) => {
  await signIn(page, staffAccounts.embedded);
  await page.goto("/onlineuser/embedded/course");
  await page.getByLabel(/Start date/).fill("3 March 2027");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText("Start date saved: 3 March 2027.")).toBeVisible();
  await page.goto("/about/admissions");
  await expect(page.getByText("Next batch: 3 March 2027")).toBeVisible();
  await page.goto("/onlineuser/embedded/course");
  await page.getByLabel(/Start date/).fill("");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText(/Start date cleared/)).toBeVisible();
  await page.goto("/courses/embedded");
  await expect(page.getByText("Starting soon").first()).toBeVisible();
});

test("an admin adds a placed student with a photo, and a non-image upload is refused", async ({ page }) => {
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/placements");
  const add = page.getByRole("form", { name: "Add a placed student" });
  await add.getByLabel("Name").fill("Ananya Iyer");
  await add.getByLabel("Company").fill("Kaveri Embedded Works");
  await add.getByLabel("Package (e.g. 4.5 LPA)").fill("6.2 LPA");
  await add.getByLabel("Job role").fill("Firmware Engineer");
  await add
    .getByLabel(/Photo/)
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not really a jpeg") });
  await add.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByText(/not an image we can use/).first()).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a placed student" }).getByLabel("Name")).toHaveValue("Ananya Iyer");

  const form = page.getByRole("form", { name: "Add a placed student" });
  await form.getByLabel(/Photo/).setInputFiles({ name: "ananya.png", mimeType: "image/png", buffer: tinyPng });
  await form.getByRole("button", { name: "Add student" }).click();
  await expect(page.getByText("Ananya Iyer added to the placements page.")).toBeVisible();
  await page.goto("/our-placements");
  await expect(page.getByRole("heading", { name: "Ananya Iyer" })).toBeVisible();
  await expect(page.getByText("Kaveri Embedded Works")).toBeVisible();
});

test("an admin adds a placement partner with a logo and it shows on the partners page", async ({ page }) => {
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/partners");
  const form = page.getByRole("form", { name: "Add a partner" });
  await form.getByLabel("Company name").fill("Vellore Motion Labs");
  await form.getByLabel(/Logo/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: tinyPng });
  await form.getByRole("button", { name: "Add partner" }).click();
  await expect(page.getByText("Vellore Motion Labs added to the partners page.")).toBeVisible();
  await page.goto("/industry-partnership");
  await expect(page.getByRole("img", { name: "Vellore Motion Labs logo" })).toBeVisible();
});

test("page views are counted by the site itself and shown to admins", async ({ page, browser }) => {
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto("/about/events?utm_source=newsletter&utm_medium=email&utm_campaign=open-day");
  await visitor.close();
  await signIn(page, staffAccounts.admin);
  // Views are written every few seconds.
  await expect(async () => {
    await page.goto("/admin/analytics");
    await expect(page.getByRole("cell", { name: "/about/events", exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole("cell", { name: "newsletter / email / open-day" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Page views and unique visitors per day/ })).toBeVisible();
});

test("logout ends the session and goes home", async ({ page }) => {
  await signIn(page, staffAccounts.admin);
  await page.getByRole("button", { name: "logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login/);
});
