import type { Page } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

const student = {
  name: "Priya Raghavan",
  email: "priya.r@example.com",
  mobile: "9876501234",
  stream: "B.E",
  major: "ECE",
  state: "karnataka",
  district: "Mysuru",
};

/** The consent box every good submission ticks. */
const consent = (page: Page) => page.getByRole("checkbox", { name: /I agree to .* using these details/ });

async function fill(page: Page, values: Partial<typeof student> & { course?: string }) {
  if (values.name !== undefined) await page.getByLabel("Name").fill(values.name);
  if (values.email !== undefined) await page.getByLabel("Email").fill(values.email);
  if (values.mobile !== undefined) await page.getByLabel("Mobile number").fill(values.mobile);
  if (values.stream !== undefined) await page.getByLabel("Stream").selectOption(values.stream);
  if (values.major !== undefined) await page.getByLabel("Major").selectOption(values.major);
  if (values.state !== undefined) await page.getByLabel("State").selectOption(values.state);
  if (values.district !== undefined) await page.getByLabel("District").selectOption(values.district);
  if (values.course !== undefined) await page.getByLabel("Course").selectOption(values.course);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`contact form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an empty form says to fill in every field, with a message per field", async ({ page }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fill in all fields.");
      await expect(page.getByText("Please select a stream")).toBeVisible();
      await expect(page.getByText("Please select a major")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    });

    test("format errors are explained and every typed value is kept", async ({ page }) => {
      await page.goto("/contact");
      await fill(page, { ...student, email: "priya at example", mobile: "98765" });
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fix the validation errors before submitting.");
      await expect(page.getByText("Invalid email format")).toBeVisible();
      await expect(page.getByText("Invalid mobile number format")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(student.name);
      await expect(page.getByLabel("Email")).toHaveValue("priya at example");
      await expect(page.getByLabel("Stream")).toHaveValue(student.stream);
      await expect(page.getByLabel("District")).toHaveValue(student.district);
    });

    test("without the consent box ticked nothing is sent, and the box says why", async ({ page }) => {
      await page.goto("/contact");
      await fill(page, student);
      await expect(consent(page)).not.toBeChecked();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fix the validation errors before submitting.");
      await expect(page.getByText("Please tick the box to let us use these details to answer you")).toBeVisible();
      await expect(page.getByLabel("Name")).toHaveValue(student.name);
      await consent(page).check();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
    });

    test("a student under 18 gives a parent's or guardian's name, phone and consent", async ({ page }) => {
      await page.goto("/contact");
      const guardian = page.getByRole("textbox", { name: "Parent or guardian", exact: true });
      if (javaScriptEnabled) await expect(guardian).toBeHidden();
      await fill(page, student);
      await consent(page).check();
      await page.getByRole("checkbox", { name: "I am under 18 years old" }).check();
      await expect(guardian).toBeVisible();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fill in all fields.");
      await expect(page.getByText("Please enter your parent's or guardian's name")).toBeVisible();
      await expect(page.getByText("A parent or guardian must agree for a student under 18")).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(student.email);
      await guardian.fill("Lakshmi Raghavan");
      await page.getByLabel("Parent or guardian's phone number").fill("98450 12345");
      await page.getByRole("checkbox", { name: /My parent or guardian agrees/ }).check();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
    });

    test("a good enquiry is confirmed with next steps", async ({ page }) => {
      await page.goto("/contact");
      await fill(page, student);
      await consent(page).check();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
      await expect(page.getByRole("link", { name: "message us on WhatsApp" })).toBeVisible();
      // The confirmation stands alone: no empty form under it, and a way to send another.
      await expect(page.locator("form[data-submission]")).toHaveCount(0);
      await page.getByRole("link", { name: "Send another enquiry" }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByLabel("Name")).toHaveValue("");
    });
  });

  test.describe(`registration form with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the course from the link is preselected and the confirmation names its batch", async ({ page }) => {
      await page.goto("/online/register?course=iot");
      await expect(page.getByLabel("Course")).toHaveValue("iot");
      await fill(page, { ...student, state: "tamilnadu", district: "Chengalpattu" });
      await consent(page).check();
      await page.getByRole("button", { name: "Register" }).click();
      const confirmation = page.getByRole("status").filter({ hasText: "Form submitted successfully!" });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText("Internet of Things");
      await expect(page.locator("form[data-submission]")).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Register for another course" })).toHaveAttribute(
        "href",
        "/online/register",
      );
    });

    test("a district that is not in the chosen state is refused", async ({ request }) => {
      // Only a crafted post can pair them: the page offers the right districts.
      const html = await (await request.get("/online/register")).text();
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
      const response = await request.post("/online/register", {
        form: { ...student, state: "kerala", district: "Mysuru", course: "ai", token, consent: "yes" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Please select a district");
    });
  });
}

// Playwright turns Chromium's back-forward cache off; a browser of its own turns it on again,
// as students' browsers have it, so Back may show the page exactly as it was left.
for (const backForwardCache of [false, true]) {
  test(`after sending a form, Back gives a working form, and what is sent from it is stored too (back-forward cache ${backForwardCache ? "on" : "off"})`, async ({
    page: defaultPage,
    browser,
  }) => {
    const own = backForwardCache
      ? await browser.browserType().launch({
          ...test.info().project.use.launchOptions,
          ignoreDefaultArgs: ["--disable-back-forward-cache"],
        })
      : undefined;
    const page = own ? await own.newPage({ baseURL: test.info().project.use.baseURL }) : defaultPage;
    const marker = `back${backForwardCache ? "cache" : "load"}${Date.now()}`;
    await page.goto("/contact");
    await fill(page, { ...student, email: `first.${marker}@example.com` });
    await consent(page).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();

    // Someone else at the same computer goes Back to the form and sends their own details.
    // A page restored from the back-forward cache fires no "load": wait for the navigation only.
    await page.goBack({ waitUntil: "commit" });
    await expect(page).toHaveURL(/\/contact$/);
    const button = page.getByRole("button", { name: "Submit" });
    await expect(button).toBeEnabled();
    await fill(page, { ...student, name: "Arjun Nair", email: `second.${marker}@example.com`, mobile: "9900112233" });
    await consent(page).check();
    await button.click();
    await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
    await own?.close();

    const staff = await browser.newContext();
    const desk = await staff.newPage();
    await signIn(desk, staffAccounts.admin);
    await desk.goto(`/admin/contactform?range=all&q=${marker}`);
    await expect(desk.getByText(`first.${marker}@example.com`)).toBeVisible();
    await expect(desk.getByText(`second.${marker}@example.com`)).toBeVisible();
    await staff.close();
  });
}

for (const [width, javaScriptEnabled] of [
  [390, true],
  [390, false],
  [1280, true],
  [1280, false],
] as const) {
  test.describe(`the contact form's question and course at ${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("are optional, kept on every error, sent with the enquiry and shown on the desk", async ({
      page,
      browser,
    }) => {
      const marker = `q${width}${javaScriptEnabled ? "js" : "nojs"}${Date.now()}`;
      const question = `Is there a weekend batch? (${marker})\nI work on weekdays.`;
      await page.goto("/contact");
      const course = page.getByLabel("Course you are interested in (optional)");
      const box = page.getByLabel("Your question (optional)");
      await expect(course).toHaveValue("");
      const mobile = `7${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 900 + 100)}`;
      await fill(page, { ...student, mobile, email: `${marker}@example` });
      await course.selectOption("iot");
      // Over the limit: refused beside the box, never cut.
      await box.fill("Fees? ".repeat(200));
      await consent(page).check();
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fix the validation errors before submitting.");
      await expect(page.getByText("At most 1000 characters, please")).toBeVisible();
      await expect(page.getByText("Invalid email format")).toBeVisible();
      await expect(box).toHaveValue("Fees? ".repeat(200));
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(course).toHaveValue("iot");
      await expect(page.getByLabel("Name")).toHaveValue(student.name);
      await expect(page.getByLabel("District")).toHaveValue(student.district);

      await page.getByLabel("Email").fill(`${marker}@example.com`);
      await box.fill(question);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
      await expect(page.locator("form[data-submission]")).toHaveCount(0);

      const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const desk = await staff.newPage();
      await signIn(desk, staffAccounts.admin);
      await desk.goto(`/admin/contactform?range=all&q=${marker}`);
      const row = desk.getByTestId("submission-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Asked about: IoT");
      await expect(row.getByRole("blockquote", { name: "Question" })).toHaveText(question);
      // The student's record lists the course and the question, on its forms and its timeline.
      await desk.goto(`/admin/students?q=${marker}`);
      await desk.getByRole("link", { name: student.name }).first().click();
      await expect(desk.getByText("Enquiry: asked about IoT")).toBeVisible();
      await expect(desk.locator(".record-question")).toHaveCount(2);
      await expect(desk.locator(".record-question").first()).toHaveText(question);
      await staff.close();
    });
  });
}

test("with JavaScript, errors appear as the student leaves a field", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Mobile number").focus();
  await expect(page.getByText("Invalid email format")).toBeVisible();
  await page.getByLabel("Mobile number").fill("12345");
  await page.getByLabel("Stream").focus();
  await expect(page.getByText("Invalid mobile number format")).toBeVisible();
  await page.getByLabel("Mobile number").fill("1234567890");
  await expect(page.getByText("Invalid mobile number format")).toBeHidden();
});

test("with JavaScript, the district list follows the state", async ({ page }) => {
  await page.goto("/contact");
  const district = page.getByLabel("District");
  await page.getByLabel("State").selectOption("kerala");
  await expect(district.locator("option")).toHaveCount(15);
  await page.getByLabel("State").selectOption("other");
  await expect(district.locator("option")).toHaveText(["Select district", "Other"]);
});

test.describe("bad requests from outside the browser", () => {
  test("wrong content type, hostile and oversize values answer 4xx, never 500", async ({ request }) => {
    const json = await request.post("/contact", { data: { name: "x" }, maxRedirects: 0 });
    expect(json.status()).toBe(415);
    const hostile = await request.post("/contact", {
      form: {
        ...student,
        name: "x".repeat(10_000),
        email: "<script>alert(1)</script>",
        stream: "'; DROP TABLE enquiries;--",
      },
      maxRedirects: 0,
    });
    expect(hostile.status()).toBe(400);
    const body = await hostile.text();
    expect(body).not.toContain("<script>alert(1)</script>");
    expect(body).toContain("&lt;script&gt;");
    const missing = await request.post("/online/register", { form: { name: "Only a name" }, maxRedirects: 0 });
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain("Please fill in all fields.");
  });

  test("a filled honeypot is answered like success and nothing more", async ({ request }) => {
    const response = await request.post("/contact", {
      form: { ...student, website: "http://spam.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  });
});
