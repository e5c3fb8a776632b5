// Insight and follow-up, as staff and students meet them: the first touch carried to the form
// and shown as conversion, e-mail through a real SMTP server, withdrawing consent from the
// acknowledgement, students' data requests, and third-party requests only when configured.
import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/site/public-pages";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { type SiteProcess, startSiteProcess } from "./site-process";
import { signIn, staffAccounts } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

async function fillStudent(page: Page, student: { name: string; email: string; mobile: string }) {
  await page.getByLabel("Name").fill(student.name);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Mobile number").fill(student.mobile);
  await page.getByLabel("Stream").selectOption("B.E");
  await page.getByLabel("Major").selectOption("EEE");
  await page.getByLabel("State").selectOption("karnataka");
  await page.getByLabel("District").selectOption("Mysuru");
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
}

test("the page a student landed on and its campaign follow them to the form and show as conversion", async ({
  page,
  browser,
}) => {
  const campaign = `open-day-${Date.now().toString(36)}`;
  const visitor = await browser.newContext();
  const visit = await visitor.newPage();
  await visit.goto(`/courses/iot?utm_source=whatsapp&utm_medium=social&utm_campaign=${campaign}`);
  await visit
    .getByRole("link", { name: /Register now/i })
    .first()
    .click();
  await expect(visit).toHaveURL(/\/online\/register\?course=iot$/);
  await fillStudent(visit, { name: "Harish Gowda", email: `harish.${campaign}@example.in`, mobile: "9740012345" });
  await visit.getByRole("button", { name: "Register" }).click();
  await expect(visit.getByText("Form submitted successfully!")).toBeVisible();
  await visitor.close();

  await signIn(page, staffAccounts.admin);
  const row = page
    .getByRole("table", { name: "Conversion by campaign (source / medium / campaign)" })
    .getByRole("row")
    .filter({ hasText: `whatsapp / social / ${campaign}` });
  // Entries are written every few seconds; the registration is there at once.
  await expect(async () => {
    await page.goto("/admin/analytics");
    await expect(row.getByRole("cell")).toHaveText([`whatsapp / social / ${campaign}`, "1", "0", "1", "1", "100.0%"], {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
});

test("a student under 18 shows in the desk with the guardian to call, and where they came from", async ({
  page,
  browser,
}) => {
  const email = `minor.${Date.now().toString(36)}@example.in`;
  const student = await browser.newContext();
  const form = await student.newPage();
  await form.goto("/about/review?utm_source=school-visit&utm_medium=poster&utm_campaign=dharwad");
  await form.goto("/contact");
  await fillStudent(form, { name: "Ananya Kulkarni", email, mobile: "9740067890" });
  await form.getByRole("checkbox", { name: "I am under 18 years old" }).check();
  await form.getByRole("textbox", { name: "Parent or guardian", exact: true }).fill("Sunil Kulkarni");
  await form.getByLabel("Parent or guardian's phone number").fill("9740011111");
  await form.getByRole("checkbox", { name: /My parent or guardian agrees/ }).check();
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Form submitted successfully!")).toBeVisible();
  await student.close();

  await signIn(page, staffAccounts.admin);
  await page.goto(`/admin/contactform?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("submission-row").filter({ hasText: "Ananya Kulkarni" });
  await expect(row).toContainText("Under 18");
  await expect(row).toContainText("Parent or guardian: Sunil Kulkarni, 9740011111");
  await expect(row).toContainText("Came by /about/review (school-visit / poster / dharwad)");
});

test("no public page asks another site for anything while no analytics property is configured", async ({ page }) => {
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.hostname !== "127.0.0.1") elsewhere.push(request.url());
  });
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page.locator("script[src*='analytics']")).toHaveCount(0);
  }
  expect(elsewhere).toEqual([]);
});

test("an admin sees that e-mail notifications are off, and how to switch them on", async ({ page }) => {
  await signIn(page, staffAccounts.admin);
  await page.getByRole("link", { name: "E-mail notifications" }).click();
  await expect(page.getByRole("heading", { name: "E-mail notifications", level: 1 })).toBeVisible();
  await expect(page.getByText("E-mail notifications are off.")).toBeVisible();
  await expect(page.getByText("SMTP_URL", { exact: true }).first()).toBeVisible();
});

test("an admin finds a student's entries by e-mail and deletes them on request, recorded in the audit log", async ({
  page,
  browser,
}) => {
  const email = `deletion.${Date.now().toString(36)}@example.in`;
  const student = await browser.newContext();
  const form = await student.newPage();
  await form.goto("/contact");
  await fillStudent(form, { name: "Deepa Hegde", email, mobile: "9740054321" });
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByText("Form submitted successfully!")).toBeVisible();
  await student.close();

  await signIn(page, staffAccounts.admin);
  await page.getByRole("link", { name: "Students' data" }).click();
  await page.getByLabel("E-mail or mobile number").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Find" }).click();
  const entries = page.getByRole("table", { name: `1 entry for ${email.toUpperCase()}` });
  await expect(entries.getByRole("cell", { name: "Deepa Hegde" })).toBeVisible();

  await page.getByRole("button", { name: "Delete this entry" }).click();
  await expect(page.getByRole("alert")).toContainText("Please tick the box to confirm");
  await page.getByRole("checkbox", { name: /The student asked for their data to be deleted/ }).check();
  await page.getByRole("button", { name: "Delete this entry" }).click();
  await expect(page.getByRole("status")).toContainText("Deleted 1 enquiry and 0 registrations");

  await page.getByLabel("E-mail or mobile number").fill(email);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(`Nothing is stored with ${email}.`)).toBeVisible();
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Student's data deleted" }).first()).toContainText(
    staffAccounts.admin,
  );
  await expect(page.getByText(email)).toHaveCount(0);
});

test.describe("with e-mail and an analytics property switched on", () => {
  // Starting a second site (a new embedded database, an account made by the CLI) takes a while.
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  const measurementId = "G-TEST12345";
  let mail: TestMailServer;
  let site: SiteProcess;

  test.beforeAll(async () => {
    // The command-line tool's new database, then up to 120 s for the site to answer (waitForSite).
    test.setTimeout(180_000);
    mail = await startMailServer();
    site = startSiteProcess({
      port: e2ePort + 90,
      env: { SMTP_URL: mail.url, ANALYTICS_MEASUREMENT_ID: measurementId, FORM_RATE_LIMIT: "1000/1m" },
      admin: staffAccounts.admin,
    });
    await site.ready;
  });

  test.afterAll(async () => {
    await site?.stop();
    await mail?.close();
  });

  test.beforeEach(async ({ page }) => {
    // The property's script is answered here: nothing leaves this machine.
    await page.route("https://www.googletagmanager.com/**", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
  });

  test("a registration e-mails the institute and the student, whose link withdraws consent", async ({ page }) => {
    mail.received.length = 0;
    await page.goto(`${site.origin}/online/register?course=matlab`);
    await fillStudent(page, { name: "Meera Pillai", email: "meera.pillai@example.in", mobile: "9745011122" });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Form submitted successfully!")).toBeVisible();

    const received = await mail.waitFor(2);
    const acknowledgement = received.find((message) => message.to.includes("meera.pillai@example.in"));
    expect(acknowledgement?.subject).toMatch(/^Your registration for MATLAB/);
    expect(acknowledgement?.text).toContain("Next batch starts:");
    expect(acknowledgement?.text).toContain("https://wa.me/");
    const link = /https?:\/\/\S+\/privacy\/withdraw\?ref=\S+/.exec(acknowledgement?.text ?? "")?.[0];
    expect(link).toBeDefined();

    await page.goto(link as string);
    await expect(page.getByRole("heading", { name: "Withdraw your consent" })).toBeVisible();
    await expect(page.getByText(/m•+@example\.in \(1 entry\)/)).toBeVisible();
    await page.getByRole("button", { name: "Withdraw consent and delete my details" }).click();
    await expect(page.getByRole("status")).toContainText("Your consent is withdrawn and your details are deleted.");
    await page.goto(link as string);
    await expect(page.getByRole("alert")).toContainText("This link is not valid, or the details were already deleted.");
  });

  test("the analytics property is loaded, and allowed by the page's security policy", async ({ page }) => {
    const tag = page.waitForRequest((request) => request.url().startsWith("https://www.googletagmanager.com/gtag/js"));
    const response = await page.goto(`${site.origin}/about/facilities`);
    expect((await tag).url()).toContain(`id=${measurementId}`);
    expect(response?.headers()["content-security-policy"]).toContain("https://www.googletagmanager.com");
    await page.goto(`${site.origin}/privacy`);
    await expect(page.getByText(`Google Analytics (property ${measurementId})`)).toBeVisible();
  });

  test("a mail server that refuses shows as failing deliveries, and the student's submit is unaffected", async ({
    page,
  }) => {
    mail.refusing = true;
    await page.goto(`${site.origin}/contact`);
    await fillStudent(page, { name: "Rohan Kamath", email: "rohan.kamath@example.in", mobile: "9745033344" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Form submitted successfully!")).toBeVisible();

    await signIn(page, staffAccounts.admin, site.origin);
    await page.getByRole("link", { name: "E-mail notifications" }).click();
    await expect(page.getByRole("heading", { name: "E-mail notifications", level: 1 })).toBeVisible();
    const undelivered = page.getByRole("row").filter({ hasText: "rohan.kamath@example.in" });
    await expect(async () => {
      await page.reload();
      await expect(undelivered).toContainText("451", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(undelivered).toContainText("Next try");
    mail.refusing = false;
  });
});
