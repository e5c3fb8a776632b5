// Enrolment into a batch in Chromium (decision 032): a counsellor on a phone (390 px) enrols a
// student into a batch's last seat and the course page, open on another page, says "Full" once it
// is loaded again (the desk itself is not reloaded: the form is sent by the page's script); the
// batch's roster on the course's desk; and a student without JavaScript whose batch filled up
// while they typed is told so beside the field, with everything typed kept.
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { batchDateLabel } from "../../app/site/batch-rules";
import { signIn, staffAccounts, staffPassword } from "./staff-accounts";
import { expect, test } from "./utils";

/** Screenshots to look at, when SHOTS_DIR names a folder (outside the repository). */
async function shoot(page: Page, name: string, part?: Locator) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.png`);
  await (part ? part.screenshot({ path: file }) : page.screenshot({ path: file, fullPage: true }));
}

// Several pages, a batch and forms each: more than the default time on a busy machine.
test.beforeEach(() => test.slow());

/** A number that no other test uses: the tests run side by side on one site. */
function unique(digits: number): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-digits);
}

async function signedIn(browser: Browser, email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Posts a form as a browser without JavaScript would, from this site. */
function post(request: APIRequestContext, pathname: string, form: Record<string, string>) {
  const origin = test.info().project.use.baseURL ?? "";
  return request.post(pathname, { form, headers: { Origin: origin }, maxRedirects: 0 });
}

/** An admin's session for `request`. */
async function asAdmin(request: APIRequestContext) {
  const response = await post(request, "/login", { email: staffAccounts.admin, password: staffPassword });
  expect(response.status()).toBe(302);
}

/** Adds a MATLAB batch (a course without demo batches) with this many seats; answers with its id. */
async function addMatlabBatch(request: APIRequestContext, startsOn: string, seatsTotal: string): Promise<string> {
  const response = await post(request, "/admin/courses/matlab", {
    intent: "batch-add",
    branch: "bangalore",
    startsOn,
    days: "weekday",
    startTime: "07:00",
    endTime: "09:00",
    mode: "classroom",
    seats: "open",
    seatsTotal,
    feeInr: "25000",
    feeIncludes: "MATLAB licence",
  });
  expect(response.status()).toBe(200);
  const page = await (await request.get("/admin/courses/matlab")).text();
  const id = new RegExp(`id="batch-(\\d+)-startsOn" name="startsOn" value="${startsOn}"`).exec(page)?.[1];
  if (!id) throw new Error(`The batch of ${startsOn} is not on the desk.`);
  return id;
}

/** Registers a student for MATLAB by a plain form post. */
async function register(request: APIRequestContext, name: string, mobile: string, batch = "") {
  const response = await post(request, "/online/register", {
    name,
    email: `${mobile}@example.com`,
    mobile,
    stream: "B.E",
    major: "EEE",
    state: "karnataka",
    district: "Mysuru",
    course: "matlab",
    batch,
    consent: "yes",
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** The record's id, by mobile, on the admins' desk. */
async function recordIdOf(request: APIRequestContext, mobile: string): Promise<string> {
  const list = await (await request.get(`/admin/students?q=${mobile}`)).text();
  const id = /href="\/admin\/students\/(\d+)"/.exec(list)?.[1];
  if (!id) throw new Error(`No record with the mobile ${mobile}.`);
  return id;
}

/** A distinct weekday date in 2032 for this test's batch. */
function dayIn2032(): string {
  const day = new Date(Date.UTC(2032, 0, 5) + Number(unique(2)) * 7 * 86_400_000);
  return day.toISOString().slice(0, 10);
}

test("a counsellor enrols a student into the last seat at 390 px, and the course page open on another page says Full", async ({
  browser,
  request,
}) => {
  await asAdmin(request);
  const startsOn = dayIn2032();
  const batch = await addMatlabBatch(request, startsOn, "1");
  const mobile = `95${unique(8)}`;
  const name = `Last Seat ${mobile.slice(-4)}`;
  await register(request, name, mobile, batch);
  const id = await recordIdOf(request, mobile);

  // The public course page, on its own page: one seat left.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const coursePage = await visitor.newPage();
  await coursePage.goto("/courses/matlab");
  const card = coursePage.locator(".batch-card", { has: coursePage.locator(`a[href$="batch=${batch}"]`) });
  await expect(card).toContainText("Filling fast: 1 seat left");

  // The counsellor of MATLAB, on a phone.
  const { context, page } = await signedIn(browser, staffAccounts.matlab, { viewport: { width: 390, height: 844 } });
  await page.goto(`/onlineuser/matlab/students/${id}`);
  const form = page.locator("form#stage");
  await form.getByRole("combobox", { name: "Stage", exact: true }).selectOption("enrolled");
  const choice = form.getByLabel("Batch (when enrolled)");
  await expect(choice).toBeVisible();
  // The batch the student picked comes first, chosen already.
  await expect(choice).toHaveValue(batch);
  await expect(choice.locator("option").nth(1)).toContainText("(picked on the registration)");
  await expect(choice.locator("option").nth(1)).toContainText("1 of 1 seat left");
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(390);
  await shoot(page, "stage-form-batch-390", form);
  // A mark on the page's window: gone if the desk were loaded again.
  await page.evaluate(() => Object.assign(window, { deskNotReloaded: true }));
  await form.getByRole("button", { name: "Save stage" }).click();
  await expect(form.getByRole("status")).toHaveText("Stage saved.");
  await expect(page.getByTestId("record-batch")).toContainText("Batch:");
  expect(await page.evaluate(() => "deskNotReloaded" in window), "the desk was not loaded again").toBe(true);

  // The other page, loaded again once (a public page has no script): Full at once, no Register link.
  await coursePage.reload();
  await expect(card).toHaveCount(0);
  const full = coursePage.locator(".batch-card", { hasText: `Starts ${batchDateLabel(startsOn)}` });
  await expect(full.locator(".batch-seats-full")).toHaveText("Full");
  await shoot(coursePage, "course-page-full", coursePage.locator(".batch-cards").first());

  // The course's desk lists the batch with its roster: the student, their mobile, e-mail and owner.
  await page.goto("/onlineuser/matlab/course");
  const deskBatch = page.locator(`form[aria-label="Batch ${batch}"]`);
  await expect(deskBatch).toContainText("Full (1 seat)");
  await shoot(page, "desk-batch-seats-390", deskBatch);
  await deskBatch.getByRole("link", { name: "Roster (1 student)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Roster: MATLAB: Starts");
  const row = page.getByTestId("roster-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText(mobile);
  await expect(page.getByRole("link", { name: "Download the roster (CSV)" })).toBeVisible();
  await shoot(page, "roster-390");
  await context.close();
  await visitor.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });

  test("a batch that filled up while the student typed is refused beside the field, keeping what was typed", async ({
    page,
    request,
  }) => {
    await asAdmin(request);
    const batch = await addMatlabBatch(request, dayIn2032(), "1");
    await page.goto(`/online/register?course=matlab&batch=${batch}`);
    const mobile = `96${unique(8)}`;
    await page.getByLabel("Name", { exact: true }).fill("Late Student");
    await page.getByLabel("Email", { exact: true }).fill("late.student@example.com");
    await page.getByLabel("Mobile number", { exact: true }).fill(mobile);
    await page.getByLabel("Stream").selectOption("B.E");
    await page.getByLabel("Major").selectOption("EEE");
    await page.getByLabel("State").selectOption("karnataka");
    await page.getByLabel("District").selectOption("Mysuru");
    await expect(page.getByLabel("Batch (optional)")).toHaveValue(batch);
    await page.getByRole("checkbox", { name: /I agree to .* using these details/ }).check();

    // Meanwhile the desk enrols another student into the batch's one seat.
    const other = `97${unique(8)}`;
    await register(request, "Quicker Student", other);
    const id = await recordIdOf(request, other);
    const record = await (await request.get(`/admin/students/${id}`)).text();
    const version = /name="version" value="(\d+)"/.exec(record)?.[1] ?? "";
    const enrolled = await post(request, `/admin/students/${id}`, {
      intent: "stage",
      version,
      stage: "enrolled",
      batch,
      lostReason: "",
      lostNote: "",
    });
    expect(enrolled.status()).toBe(302);

    await page.getByRole("button", { name: "Register" }).click();
    await expect(
      page.getByText("This batch has just filled up: please choose another, or leave it empty"),
    ).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Late Student");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("late.student@example.com");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveValue(mobile);
    await expect(page.getByLabel("Stream")).toHaveValue("B.E");
    await expect(page.getByLabel("Major")).toHaveValue("EEE");
    await expect(page.getByLabel("District")).toHaveValue("Mysuru");
    await expect(page.getByLabel("Course")).toHaveValue("matlab");
    // The full batch is offered no more: the student chooses again.
    await expect(page.getByLabel("Batch (optional)").locator(`option[value="${batch}"]`)).toHaveCount(0);
    await shoot(page, "register-batch-filled-nojs-390");
  });
});
