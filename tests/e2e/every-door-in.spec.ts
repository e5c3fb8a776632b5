// Every door in, in the browser: a counsellor adds a walk-in on a phone (390 px) with JavaScript
// on and off, a refused mobile keeping everything typed; an admin imports a 6-row .xlsx with one
// bad row and one student already on the desk: preview, import, the timeline's entries, and the
// same file refused when uploaded again.
import fs from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

const shots = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

test.beforeEach(() => test.slow());

function randomMobile(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 10 ** (10 - prefix.length))).padStart(10 - prefix.length, "0")}`;
}

async function signedIn(browser: Browser, email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function registerByPost(request: APIRequestContext, student: { name: string; mobile: string; email: string }) {
  const html = await (await request.get("/online/register")).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const response = await request.post("/online/register", {
    form: {
      ...student,
      stream: "B.TECH",
      major: "CSE",
      state: "kerala",
      district: "Ernakulam",
      course: "embedded",
      token,
      consent: "yes",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
}

for (const javaScriptEnabled of [true, false]) {
  test(`a counsellor adds a walk-in on a phone, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({
    browser,
  }) => {
    const { context, page } = await signedIn(browser, staffAccounts.embedded, {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled,
    });
    const name = `Walk-in ${javaScriptEnabled ? "JS" : "plain"} ${Date.now()}`;
    const mobile = randomMobile("93");
    await page.goto("/counsellor/students");
    await page.getByRole("link", { name: "Add a student" }).click();
    await expect(page.getByRole("heading", { name: "Add a student" })).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Mobile").fill("12345");
    await page.getByLabel("Embedded").check();
    await page.getByLabel("How they came").selectOption("walk_in");
    await page.getByLabel("Consent to be contacted was given").selectOption("in_person");
    await page.getByLabel("Note (optional)").fill("Asked about the weekend batch; came with a friend");
    await page.getByRole("button", { name: "Add the student" }).click();
    // Refused beside the field, with everything typed kept.
    await expect(page.getByText("Please enter a 10-digit Indian mobile number")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue(name);
    await expect(page.getByLabel("Note (optional)")).toHaveValue("Asked about the weekend batch; came with a friend");
    await expect(page.getByLabel("Embedded")).toBeChecked();
    await screenshot(page, `add-student-refused-${javaScriptEnabled ? "js" : "nojs"}`);
    await page.getByLabel("Mobile").fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
    await page.getByLabel("I spoke to them").check();
    await page.getByLabel("How it went").selectOption("connected");
    await page.getByLabel("Owner: me").check();
    await page.getByRole("button", { name: "Add the student" }).click();
    await expect(page.getByText("Student added.")).toBeVisible();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Added on the desk (Walk-in)")).toBeVisible();
    await expect(page.getByText(/consent given in person to embedded\.counsellor@/)).toBeVisible();
    await screenshot(page, `add-student-record-${javaScriptEnabled ? "js" : "nojs"}`);

    // The same mobile again: the form says who it is, and saving adds the visit to that record.
    await page.goto("/counsellor/students/new");
    await page.getByLabel("Name").fill("Someone else");
    await page.getByLabel("Mobile").fill(mobile);
    await page.getByLabel("How they came").selectOption("phone_call");
    await page.getByLabel("Consent to be contacted was given").selectOption("phone");
    await page.getByRole("button", { name: "Add the student" }).click();
    await expect(page.getByText(`Already on the desk: ${name}, Embedded`)).toBeVisible();
    await screenshot(page, `add-student-on-desk-${javaScriptEnabled ? "js" : "nojs"}`);
    await page.getByRole("button", { name: "Add this visit to their record" }).click();
    await expect(page.getByText("Phone call recorded")).toBeVisible();
    await context.close();
  });
}

async function leadsWorkbook(existingMobile: string, stamp: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Leads");
  sheet.addRow(["Student Name", "Mobile No", "Email ID", "Interested In", "City", "Remarks"]);
  sheet.addRow([`ಅನಿತಾ ${stamp}`, randomMobile("94"), "", "Embedded", "Mysuru", "Weekend batch"]);
  sheet.addRow([`Thomas ${stamp}`, randomMobile("94"), `thomas.${stamp}@example.in`, "IoT", "Kochi", ""]);
  sheet.addRow([`Returning ${stamp}`, existingMobile, "", "Embedded", "Bengaluru", "Asked again at the fair"]);
  sheet.addRow([`Bad ${stamp}`, "12345", "not-an-email", "Embedded", "", ""]);
  sheet.addRow([`Priya ${stamp}`, randomMobile("94"), "", "AI", "Chennai", ""]);
  sheet.addRow([`Sunita ${stamp}`, randomMobile("94"), "", "", "Delhi", ""]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("an admin imports a 6-row .xlsx: preview, import, timeline entries, and the re-upload refused", async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, staffAccounts.admin);
  const stamp = String(Date.now());
  const existingMobile = randomMobile("95");
  await registerByPost(context.request, {
    name: `Existing ${stamp}`,
    mobile: existingMobile,
    email: `existing.${stamp}@example.in`,
  });
  const file = {
    name: `shiksha-${stamp}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await leadsWorkbook(existingMobile, stamp),
  };

  await page.goto("/admin/students");
  await page.getByRole("link", { name: "Import a list of leads" }).click();
  await page.getByLabel(/The list: an Excel workbook/).setInputFiles(file);
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(page.getByText("Preview: nothing is stored yet")).toBeVisible();
  await expect(page.getByLabel("Student Name")).toHaveValue("name");
  await expect(page.getByLabel("Mobile No")).toHaveValue("mobile");
  await expect(page.getByLabel("City")).toHaveValue("city");
  await expect(page.getByText("4 new students")).toBeVisible();
  await expect(page.getByText("1 row joins a student already on the desk")).toBeVisible();
  await expect(page.getByText("1 row refused")).toBeVisible();
  await page.getByLabel("The list's source (for the whole file)").fill("Shiksha");
  await page.getByLabel("New students go to").selectOption("unassigned");
  await page.getByRole("button", { name: "Update the preview" }).click();
  // The updated preview has arrived (its address carries the choices) before its link is used:
  // a click on the old page's link while the new one loaded could lose the download.
  await expect(page).toHaveURL(/[?&]source=Shiksha(&|$)/);
  await expect(page.getByLabel("The list's source (for the whole file)")).toHaveValue("Shiksha");
  // The refused rows download as CSV with their reason.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the refused rows (CSV)" }).click();
  const csv = fs.readFileSync(await (await download).path(), "utf8");
  expect(csv).toContain(`5,No valid mobile or e-mail,Bad ${stamp},12345,not-an-email`);
  await screenshot(page, "import-preview");

  await page.getByRole("button", { name: "Import 5 rows" }).click();
  await expect(page.getByText(`Imported ${file.name}: 4 new students, 1 row joined`)).toBeVisible();
  await screenshot(page, "import-done");

  // The returning student's timeline says where the row came from.
  await page.goto(`/admin/students?q=${existingMobile}`);
  await page.getByRole("link", { name: `Existing ${stamp}`, exact: true }).click();
  await expect(
    page.getByText(`Imported from ${file.name}, row 4, source Shiksha, by ${staffAccounts.admin}`),
  ).toBeVisible();
  // The row as uploaded is kept with the record, every column of it.
  await expect(page.getByText(`Row 4 of a list imported by ${staffAccounts.admin}`)).toBeVisible();
  await page.getByText("The row as uploaded").click();
  await expect(page.getByText("Asked again at the fair").first()).toBeVisible();
  await screenshot(page, "import-timeline");
  // A new one is on the list with its own record.
  await page.goto(`/admin/students?q=${encodeURIComponent(`ಅನಿತಾ ${stamp}`)}`);
  await page.getByRole("link", { name: `ಅನಿತಾ ${stamp}`, exact: true }).click();
  await expect(page.getByText("Imported from a list")).toBeVisible();

  // The same file again is refused, with when and by whom.
  await page.goto("/admin/students/import");
  await page.getByLabel(/The list: an Excel workbook/).setInputFiles({ ...file, name: "again.xlsx" });
  await page.getByRole("button", { name: "Upload and preview" }).click();
  await expect(
    page.getByText(new RegExp(`This file was imported already, on .* by ${staffAccounts.admin.replace(".", "\\.")}`)),
  ).toBeVisible();
  await screenshot(page, "import-refused-again");
  await context.close();
});
