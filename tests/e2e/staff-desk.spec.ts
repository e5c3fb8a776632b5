import type { Browser } from "@playwright/test";
import { signIn, signInThroughForm, staffAccounts, staffPassword } from "./staff-accounts";
import { expect, test } from "./utils";

/** A real 2x2 PNG. */
const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

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
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
  await page.getByRole("button", { name: path === "/contact" ? "Submit" : "Register" }).click();
  await expect(page.getByText("Form submitted successfully!")).toBeVisible();
  await context.close();
}

test("the first admin, made with the command-line tool, signs in, lands on the team's day and sees every menu of the desk", async ({
  page,
}) => {
  await signInThroughForm(page, staffAccounts.admin);
  await expect(page).toHaveURL(/\/desk\/team$/);
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
  // Every link of the menu opens its page (none leads nowhere, as on the old site).
  const links = await nav.getByRole("link").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  for (const href of links) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
  }
  // The accounts made before the first start are in the audit log, made "from the command line".
  await page.goto("/admin/audit");
  const created = page
    .getByRole("row")
    .filter({ hasText: staffAccounts.admin })
    .filter({ hasText: "Staff account created" });
  await expect(created.getByRole("cell", { name: /^command line/ })).toBeVisible();
});

test("each counsellor signs in to My day, and their courses' desks are one link away", async ({ page }) => {
  for (const role of ["embedded", "python", "iot", "matlab", "ai"] as const) {
    await signInThroughForm(page, staffAccounts[role]);
    await expect(page).toHaveURL(/\/desk\/day$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^My day/);
    await expect(page.locator(`.desk-side a[href="/onlineuser/${role}"]`)).toHaveCount(1);
    await page.goto(`/onlineuser/${role}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Registrations: /);
    await expect(page.getByText(/Counsellor: /)).toBeVisible();
    await page.getByRole("button", { name: "logout" }).click();
    await expect(page).toHaveURL(/\/$/);
  }
  await signInThroughForm(page, staffAccounts.several);
  await expect(page).toHaveURL(/\/desk\/day$/);
  await page.goto("/counsellor/students");
  await expect(page.getByText("Counsellor: Embedded, IoT")).toBeVisible();
  // The menu leads to each of their courses' desks and to the enquiries they see.
  for (const link of ["/onlineuser/embedded", "/onlineuser/iot", "/counsellor/enquiries"]) {
    await expect(page.locator(`.desk-side a[href="${link}"]`)).toHaveCount(1);
  }
  await expect(page.locator('.desk-side a[href="/onlineuser/ai"]')).toHaveCount(0);
  const refused = await page.goto("/onlineuser/ai");
  expect(refused?.status()).toBe(403);
  await expect(page.getByText(/Your desk is at \/counsellor\/students\./)).toBeVisible();
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
  // A mark on the page's window: gone if the table were loaded again.
  await page.evaluate(() => Object.assign(window, { tableNotReloaded: true }));
  await submitEnquiry(browser, name, { mobile: "9000011111" });
  // Pushed to the open table as it is filed (nothing polls: without the push it never comes).
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  expect(await page.evaluate(() => "tableNotReloaded" in window), "the table was not loaded again").toBe(true);
});

test("an open table says when it is offline, and shows what arrived meanwhile once it is back", async ({
  page,
  browser,
  context,
}) => {
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/contactform");
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText("Offline: new entries will appear when the connection is back")).toBeVisible();
  const name = `Offline Student ${Date.now()}`;
  await submitEnquiry(browser, name, { mobile: "9000022222" });
  await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible({ timeout: 5_000 });
  // The page itself never went to an error screen.
  await expect(page.getByRole("heading", { name: "Contact enquiries" })).toBeVisible();
});

test("names and notes written by the public are shown as text, never run", async ({ page, browser }) => {
  const name = `<img src=x onerror="document.title='hacked'">Rogue ${Date.now()}`;
  await submitEnquiry(browser, name, { email: "rogue.student@example.com", mobile: "9000033333" });
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/contactform?range=all&q=rogue.student");
  const row = page.getByTestId("submission-row").filter({ hasText: name });
  await expect(row.getByText(name, { exact: true })).toBeVisible();
  const notes = "<script>alert('notes')</script> called back, visiting on Monday";
  await row.getByRole("combobox", { name: /Status of/ }).selectOption("contacted");
  await row.getByRole("textbox", { name: /Notes on/ }).fill(notes);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Saved.")).toBeVisible();
  await expect(row.getByText(`Contacted · ${staffAccounts.admin}`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("submission-row").filter({ hasText: name }).getByRole("textbox")).toHaveValue(notes);
  expect(await page.title()).not.toBe("hacked");
  expect(dialogs).toBe(0);
  await expect(page.locator("img[src=x]")).toHaveCount(0);
});

test("a counsellor of one course sees only that course, live, and nothing else", async ({ page, browser }) => {
  const iotName = `Iot Learner ${Date.now()}`;
  const aiName = `Ai Learner ${Date.now()}`;
  await submitEnquiry(browser, aiName, { course: "ai", mobile: "9000054321" }, "/online/register");
  await signIn(page, staffAccounts.iot);
  await expect(page).toHaveURL(/\/desk\/day$/);
  await page.goto("/onlineuser/iot");
  await submitEnquiry(browser, iotName, { course: "iot", mobile: "9000067890" }, "/online/register");
  await expect(page.getByRole("cell", { name: iotName, exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole("cell", { name: aiName, exact: true })).toHaveCount(0);

  for (const path of [
    "/onlineuser/ai",
    "/onlineuser/ai/course",
    "/admin",
    "/admin/contactform",
    "/admin/placements",
    "/admin/staff",
    "/staff/export/registrations/ai",
    "/staff/export/enquiries",
  ]) {
    // Signed in, so told the page is not theirs (403) and where their desk is, not sent to sign in.
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page).toHaveURL(new RegExp(`${path.replaceAll("/", "\\/")}$`));
    await expect(
      page.getByText(/This page is not open to your account .*Your desk is at \/onlineuser\//),
    ).toBeVisible();
  }

  // Their own CSV holds their course only.
  await page.goto("/onlineuser/iot?range=all");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = Buffer.concat(await (await (await downloadPromise).createReadStream()).toArray()).toString("utf8");
  expect(csv).toContain(iotName);
  expect(csv).not.toContain(aiName);
});

test("a counsellor whose courses are changed is signed out of the open desk", async ({ page, browser }) => {
  const email = `moving.${Date.now()}@sampige-academy.example`;
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, staffAccounts.admin);
  await adminPage.goto("/admin/staff");
  const create = adminPage.getByRole("form", { name: "New account" });
  await create.getByLabel("E-mail").fill(email);
  await create.getByLabel("Role").selectOption("counsellor");
  await create.getByLabel("MATLAB", { exact: true }).check();
  await create.getByLabel("Password", { exact: true }).fill(staffPassword);
  await create.getByRole("button", { name: "Create account" }).click();
  await expect(adminPage.getByText(`Account created for ${email} (Counsellor: MATLAB).`)).toBeVisible();
  await expect(create.getByLabel("Password", { exact: true })).toHaveValue("");

  await signIn(page, email);
  await expect(page).toHaveURL(/\/desk\/day$/);
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();

  const card = adminPage.getByRole("listitem").filter({ hasText: email });
  await card.getByLabel("MATLAB", { exact: true }).uncheck();
  await card.getByLabel("AI", { exact: true }).check();
  await card.getByRole("button", { name: "Save role, courses and branches" }).click();
  await expect(adminPage.getByText(`${email} is now Counsellor: AI. Their open sessions were ended.`)).toBeVisible();
  await admin.close();

  // The next new registration of the old course reaches the stream, which ends instead of telling.
  const name = `Matlab Learner ${Date.now()}`;
  await submitEnquiry(browser, name, { course: "matlab", mobile: "9000044444" }, "/online/register");
  await expect(page).toHaveURL(/\/login\?notice=unauthorized$/, { timeout: 10_000 });
  await expect(page.getByText("Unauthorized access")).toBeVisible();
  await page.goto("/onlineuser/ai");
  await expect(page).toHaveURL(/\/login/);
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
  // The AI course has no batch in the demo database, so its start date note is what the site shows.
  await signIn(page, staffAccounts.ai);
  await page.goto("/onlineuser/ai/course");
  await page.getByLabel("Start date", { exact: true }).fill("3 March 2031");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText("Start date saved: 3 March 2031.")).toBeVisible();
  await page.goto("/about/admissions");
  await expect(page.getByText("Next batch: 3 March 2031")).toBeVisible();
  await page.goto("/onlineuser/ai/course");
  await page.getByLabel("Start date", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText(/Start date cleared/)).toBeVisible();
  await page.goto("/courses/ai");
  await expect(page.getByText("Starting soon").first()).toBeVisible();
});

test("an admin adds a placed student with a photo, and a non-image upload is refused", async ({ page }) => {
  test.slow();
  await signIn(page, staffAccounts.admin);
  await page.goto("/admin/placements");
  const add = page.getByRole("form", { name: "Add a placed student" });
  await add.getByLabel("Name").fill("Ananya Iyer");
  await add.getByLabel("Company").fill("Sahyadri Signal Labs");
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
  await expect(page.getByText("Sahyadri Signal Labs")).toBeVisible();

  // A PDF renamed .png is refused by decoding, beside the field of the card it was sent from.
  await page.goto("/admin/placements");
  const card = page.getByRole("listitem").filter({ hasText: "Ananya Iyer" });
  await card.getByText("Edit Ananya Iyer").click();
  await card.getByLabel("Company").fill("Sahyadri Signal Labs Pvt Ltd");
  await card.getByLabel(/Photo/).setInputFiles({
    name: "photo.png",
    mimeType: "image/png",
    buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  });
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByText(/not an image we can use/).first()).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a placed student" }).getByLabel("Name")).toHaveValue("");

  // A 6 MB file is stopped in the browser before it is sent.
  const photo = card.getByLabel(/Photo/);
  await photo.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  expect(await photo.evaluate((input: HTMLInputElement) => input.validationMessage)).toContain("larger than 5 MB");
  await photo.setInputFiles([]);

  // An edit shows on the public page at once.
  await card.getByLabel("Job role").fill("Senior Firmware Engineer");
  await card.getByRole("button", { name: "Save changes" }).click();
  await expect(card.getByText("Ananya Iyer updated.")).toBeVisible();
  await page.goto("/our-placements");
  await expect(page.getByText("Senior Firmware Engineer")).toBeVisible();
  await expect(page.getByText("Sahyadri Signal Labs Pvt Ltd")).toBeVisible();
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
  // Views are written every few seconds; other tests' visits to the page may show first, so wait
  // for this visit's own campaign.
  await expect(async () => {
    await page.goto("/admin/analytics");
    await expect(
      page
        .getByRole("table", { name: "Campaigns (source / medium / campaign)" })
        .getByText("newsletter / email / open-day", { exact: true }),
    ).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    page.getByRole("table", { name: "Top pages" }).getByRole("cell", { name: "/about/events", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("img", { name: /Page views and visitors per day/ })).toBeVisible();
});

test("logout ends the session and goes home", async ({ page }) => {
  await signInThroughForm(page, staffAccounts.admin);
  await page.getByRole("button", { name: "logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/login/);
});
