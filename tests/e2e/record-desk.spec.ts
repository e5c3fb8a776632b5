import fs from "node:fs";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

/** Where screenshots go (SCREENSHOTS_DIR; not kept otherwise). */
const shots = process.env.SCREENSHOTS_DIR;

async function screenshot(page: Page, name: string, fullPage = false) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage });
}

// Several browser contexts and a dozen forms each: more than the default time on a busy machine.
test.beforeEach(() => test.slow());

function randomMobile(prefix: string): string {
  return `${prefix}${String(Math.floor(Math.random() * 10 ** (10 - prefix.length))).padStart(10 - prefix.length, "0")}`;
}

/** A registration as the form posts it (the page's token, consent ticked). */
async function registerByPost(
  request: APIRequestContext,
  student: { name: string; mobile: string; email: string; course?: string; district?: string },
) {
  const html = await (await request.get("/online/register")).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const response = await request.post("/online/register", {
    form: {
      name: student.name,
      email: student.email,
      mobile: student.mobile,
      stream: "B.TECH",
      major: "CSE",
      state: "kerala",
      district: student.district ?? "Ernakulam",
      course: student.course ?? "iot",
      token,
      consent: "yes",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text().catch(() => "")).toBeLessThan(400);
}

async function signedIn(browser: Browser, email: string, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, ...options });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** The record's id from its link on the list. */
async function recordIdOf(page: Page, name: string): Promise<string> {
  const href = await page.getByRole("link", { name, exact: true }).first().getAttribute("href");
  return href?.split("/").pop() ?? "";
}

test.describe("the list", () => {
  test("shows at least 12 students on a 1366x768 screen, and its columns are not clipped at 1280 px", async ({
    page,
    request,
  }) => {
    const tag = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    for (let index = 0; index < 14; index++) {
      await registerByPost(request, {
        name: `Listed ${tag} ${String(index).padStart(2, "0")}`,
        mobile: randomMobile("93"),
        email: `listed.${tag}.${index}@example.com`,
      });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, staffAccounts.iot);
    await page.goto(`/onlineuser/iot/students?q=${tag}`);
    const rows = page.getByTestId("record-row");
    await expect(rows.nth(13)).toBeAttached();
    const visible = await rows.evaluateAll(
      (elements) => elements.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    await screenshot(page, "list-1366x768");
    expect(visible, "students fully on screen at 1366x768").toBeGreaterThanOrEqual(12);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto("/onlineuser/iot/students");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, "no sideways scrolling").toBeLessThanOrEqual(width);
      await screenshot(page, `list-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/onlineuser/iot/students");
    // Names, courses and owners may be long and end in an ellipsis; dates, stages and headers never do.
    const clipped = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          ".record-table th, .record-table td:is([data-label=Mobile], [data-label=Stage], [data-label=Follow-up], [data-label=Created])",
        ),
      ]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
        .map((cell) => cell.textContent),
    );
    expect(clipped).toEqual([]);
  });

  test("reassigns ticked students without JavaScript, with a reason on each timeline", async ({ browser, request }) => {
    const tag = randomMobile("9").slice(-5);
    const names = [`Moving ${tag} A`, `Moving ${tag} B`, `Staying ${tag} C`] as const;
    for (const [index, name] of names.entries()) {
      await registerByPost(request, {
        name,
        mobile: `94${tag}${index}00`,
        email: `moving.${tag}.${index}@example.com`,
      });
    }
    const { context, page } = await signedIn(browser, staffAccounts.admin, { javaScriptEnabled: false });
    await page.goto(`/admin/students?q=${tag}`);
    await expect(page.getByTestId("record-row")).toHaveCount(3);
    // Nothing ticked: refused, with what was chosen kept.
    await page.getByLabel("Reason (optional)").fill("Anita is leaving");
    await page.getByRole("button", { name: "Reassign selected" }).click();
    await expect(page.getByRole("alert")).toContainText("Please tick the students to reassign.");
    await expect(page.getByLabel("Reason (optional)")).toHaveValue("Anita is leaving");

    await page.getByRole("checkbox", { name: `Select ${names[0]}` }).check();
    await page.getByRole("checkbox", { name: `Select ${names[1]}` }).check();
    // The coordinators have no names of their own: the desk shows their e-mail.
    const iot = staffAccounts.iot;
    await page.getByLabel("Reassign selected to…").selectOption({ label: iot });
    await page.getByRole("button", { name: "Reassign selected" }).click();
    await expect(page.getByRole("status").filter({ hasText: `2 students reassigned to ${iot}.` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    // Read with assertions that wait: without JavaScript the page may still be arriving (its last
    // rows not parsed yet) when the message at its top is already shown.
    const rows = page.getByTestId("record-row");
    await expect(rows).toHaveCount(3);
    const ownerOf = (name: string) => rows.filter({ hasText: name }).locator("[data-label=Owner]");
    await expect(ownerOf(names[0])).toHaveText(iot);
    await expect(ownerOf(names[1])).toHaveText(iot);
    await expect(ownerOf(names[2])).toHaveText("Unassigned");
    await page.getByRole("link", { name: names[0] }).click();
    await expect(page.locator(".record-timeline")).toContainText(`Unassigned → ${iot} (Anita is leaving)`);
    await page.goto("/admin/audit");
    await expect(page.getByRole("row").filter({ hasText: names[0] })).toContainText(`unassigned -> ${iot}`);
    await context.close();
  });
});

test.describe("two records of one student", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the record points out the likely duplicate; an admin compares and merges; an open page of the merged record follows", async ({
    page,
    browser,
    request,
  }) => {
    const start = randomMobile("95").slice(0, 6);
    const end = randomMobile("9").slice(-2);
    const digits = `${start}12${end}`;
    const swapped = `${start}21${end}`;
    const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
    await registerByPost(request, { name: `Meera Nair ${tag}`, mobile: digits, email: `meera.${tag}@example.com` });
    await registerByPost(request, {
      name: `Meera N ${tag}`,
      mobile: swapped,
      email: `meera.n.${tag}@example.com`,
      course: "ai",
    });

    await signIn(page, staffAccounts.admin);
    await page.goto(`/admin/students?q=${tag}`);
    await expect(page.getByTestId("record-row")).toHaveCount(2);
    await expect(page.getByTestId("record-row").first()).toContainText("Duplicate?");
    const keptId = await recordIdOf(page, `Meera Nair ${tag}`);
    const mergedId = await recordIdOf(page, `Meera N ${tag}`);

    // Another admin tab has the other record open while the merge is made.
    const other = await signedIn(browser, staffAccounts.admin);
    await other.page.goto(`/admin/students/${mergedId}`);
    await expect(other.page.getByRole("heading", { level: 1, name: `Meera N ${tag}` })).toBeVisible();
    await expect(other.page.locator(".live-badge")).toContainText("Live");

    await page.getByRole("link", { name: `Meera Nair ${tag}` }).click();
    const hint = page.getByRole("note");
    await expect(hint).toContainText("Possibly the same student");
    await expect(hint).toContainText("mobile: two digits swapped");
    await hint.getByRole("link", { name: "Compare and merge" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Merge two records of one student" })).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(`This record: Meera Nair ${tag}`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: new RegExp(`The other record: Meera N ${tag}`) })).toBeVisible();
    await screenshot(page, "merge-1280", true);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, "merge-390", true);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole("button", { name: "Merge the records" }).click();
    await expect(page.getByRole("alert")).toContainText("Please tick the box");
    await page.getByLabel("These two records are the same student.").check();
    await page.getByRole("button", { name: "Merge the records" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/students/${keptId}\\?merged=${mergedId}`), { timeout: 20_000 });
    await expect(
      page.getByRole("status").filter({ hasText: `Record ${mergedId} was merged into this one` }),
    ).toBeVisible();
    await expect(page.locator(".record-timeline")).toContainText(
      `Record ${mergedId} (Meera N ${tag}) merged into this one`,
    );
    await expect(page.getByText("Forms sent (2)")).toBeVisible();

    // The page that was open on the merged record is now the kept one.
    await expect(other.page).toHaveURL(new RegExp(`/admin/students/${keptId}\\?merged=${mergedId}`), {
      timeout: 5000,
    });
    await expect(other.page.getByRole("heading", { level: 1, name: `Meera Nair ${tag}` })).toBeVisible();
    await other.context.close();

    await page.goto("/admin/audit");
    await expect(page.getByRole("row").filter({ hasText: "Student records merged" }).first()).toContainText(
      `student ${mergedId} (Meera N ${tag})`,
    );
  });
});

test.describe("a record", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("its timeline updates live when someone else logs a call on it", async ({ page, browser, request }) => {
    const mobile = randomMobile("96");
    const name = `Live Lakshmi ${mobile.slice(-4)}`;
    await registerByPost(request, { name, mobile, email: `live.${mobile}@example.com` });
    await signIn(page, staffAccounts.iot);
    await page.goto(`/onlineuser/iot/students?q=${mobile}`);
    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator(".live-badge")).toContainText("Live");
    const url = page.url();

    const admin = await signedIn(browser, staffAccounts.admin);
    await admin.page.goto(url.replace(/\/onlineuser\/iot\//, "/admin/"));
    const contact = admin.page.locator("#contact");
    await contact.getByLabel("Outcome of the call").selectOption("call_back_later");
    await contact.getByLabel("Note (optional)").fill("Called from the other desk.");
    await contact.getByRole("button", { name: "Log it" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "Logged." })).toBeVisible();
    // Pushed to the open record (nothing polls it: without the push the entry never comes).
    await expect(page.locator(".record-timeline")).toContainText("Called from the other desk.");
    await admin.context.close();
  });

  test("shows times in IST, and in the viewer's own zone beside them when it differs", async ({ browser, request }) => {
    const mobile = randomMobile("97");
    const name = `Zoned Zara ${mobile.slice(-4)}`;
    await registerByPost(request, { name, mobile, email: `zone.${mobile}@example.com` });
    const london = await signedIn(browser, staffAccounts.iot, { timezoneId: "Europe/London" });
    await london.page.goto(`/onlineuser/iot/students?q=${mobile}`);
    await london.page.getByRole("link", { name }).click();
    const form = london.page.locator("#follow-up");
    await expect(form).toContainText("your browser is on Europe/London");
    await form.getByLabel(/Date and time/).fill("2028-01-15T11:00");
    await form.getByRole("button", { name: "Save follow-up" }).click();
    await expect(london.page.locator(".record-summary")).toContainText(
      "Next follow-up 15 Jan 2028, 11:00 am IST (15 Jan 2028, 5:30 am GMT, your time)",
    );
    // The list's one line: the viewer's time, labelled, and IST on hover.
    await london.page.goto(`/onlineuser/iot/students?q=${mobile}`);
    const due = london.page.getByTestId("record-row").locator("[data-label=Follow-up] time");
    await expect(due).toHaveText("15 Jan 2028, 5:30 am GMT");
    await expect(due).toHaveAttribute("title", "15 Jan 2028, 11:00 am IST");
    await london.context.close();

    const plain = await signedIn(browser, staffAccounts.iot, { timezoneId: "Europe/London", javaScriptEnabled: false });
    await plain.page.goto(`/onlineuser/iot/students?q=${mobile}`);
    await plain.page.getByRole("link", { name }).click();
    await expect(plain.page.locator(".record-summary")).toContainText("Next follow-up 15 Jan 2028, 11:00 am IST");
    await expect(plain.page.locator(".record-summary")).not.toContainText("your time");
    // Without JavaScript the page does not update itself, and does not claim to be connecting.
    await expect(plain.page.getByText(/Connecting|Live:/)).toHaveCount(0);
    await plain.context.close();

    const india = await signedIn(browser, staffAccounts.iot, { timezoneId: "Asia/Kolkata" });
    await india.page.goto(`/onlineuser/iot/students?q=${mobile}`);
    await expect(india.page.getByTestId("record-row")).toContainText("15 Jan 2028, 11:00 am IST");
    await expect(india.page.getByTestId("record-row")).not.toContainText("your time");
    await india.context.close();
  });

  test("an admin edits the WhatsApp messages; the record's chat links carry them, filled in and encoded", async ({
    page,
    request,
  }) => {
    const mobile = randomMobile("98");
    const name = `Chat & Chai ${mobile.slice(-4)}`;
    await registerByPost(request, { name, mobile, email: `chat.${mobile}@example.com` });
    await signIn(page, staffAccounts.admin);
    await page.goto("/admin/whatsapp");
    const second = page.getByRole("group", { name: "Message 2" });
    await second.getByLabel("Name (what the counsellor sees)").fill(`Fees ${mobile.slice(-4)}`);
    await second.getByLabel("Text").fill("Hi {firstName}, fees for {course} & {cours} #1");
    await page.getByRole("button", { name: "Save messages" }).click();
    await expect(page.getByRole("group", { name: "Message 2" })).toContainText("{cours} is not a placeholder");
    await expect(page.getByRole("group", { name: "Message 2" }).getByLabel("Text")).toHaveValue(
      "Hi {firstName}, fees for {course} & {cours} #1",
    );
    await page
      .getByRole("group", { name: "Message 2" })
      .getByLabel("Text")
      .fill("Hi {firstName}, fees for {course} & more #1?");
    await page.getByRole("button", { name: "Save messages" }).click();
    await expect(page.getByText("Messages saved.")).toBeVisible();

    await page.goto(`/admin/students?q=${mobile}`);
    await page.getByRole("link", { name }).click();
    await page.getByText("More WhatsApp messages").click();
    const href = await page.getByRole("link", { name: `WhatsApp: Fees ${mobile.slice(-4)}` }).getAttribute("href");
    expect(href?.startsWith(`https://wa.me/91${mobile}?text=`)).toBe(true);
    expect(new URL(href ?? "").searchParams.get("text")).toBe("Hi Chat, fees for IoT & more #1?");
    await page.goto("/admin/audit");
    await expect(page.getByRole("row").filter({ hasText: "WhatsApp messages saved" }).first()).toBeVisible();
  });

  test("an admin downloads the student's own data as one JSON file", async ({ page, request }) => {
    const mobile = randomMobile("99");
    const name = `Data Deepa ${mobile.slice(-4)}`;
    await registerByPost(request, { name, mobile, email: `data.${mobile}@example.com` });
    await signIn(page, staffAccounts.admin);
    await page.goto(`/admin/students?q=${mobile}`);
    await page.getByRole("link", { name }).click();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download the student's data (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^student-\d+-data-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(fs.readFileSync((await download.path()) ?? "", "utf8")) as {
      record: { name: string; mobile: string };
      submissions: unknown[];
      timeline: { kind: string }[];
    };
    expect(body.record).toMatchObject({ name, mobile });
    expect(body.submissions).toHaveLength(1);
    expect(body.timeline.map((entry) => entry.kind)).toContain("submission");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const id = page.url().split("/").pop();

    // From the students' data page too.
    await page.goto(`/admin/privacy?q=${mobile}`);
    const [again] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: /Download record \d+'s data/ }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/^student-\d+-data-/);
    await page.goto("/admin/audit");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "Student's data downloaded" })
        .filter({ hasText: `student ${id}` }),
    ).toHaveCount(2);
  });
});
