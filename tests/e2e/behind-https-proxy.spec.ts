// Deployed as docs/operations.md says: TLS ends at a reverse proxy, the site runs plain HTTP
// behind it with PUBLIC_URL=https://... and TRUST_PROXY_HEADER. A student sends both forms
// (with and without JavaScript) and a counsellor signs in and saves a desk action, all over
// https:// in Chromium.
import { type HttpsProxy, startHttpsProxy } from "../support/https-proxy";
import { type SiteProcess, startSiteProcess } from "./site-process";
import { staffPassword } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

const sitePort = e2ePort + 87;
const admin = "proxy.admin@sampige-academy.example";
let proxy: HttpsProxy | undefined;
let site: SiteProcess | undefined;

test.describe.configure({ mode: "serial" });
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  // A new database is made first: slow on a busy machine.
  test.setTimeout(120_000);
  proxy = await startHttpsProxy({ host: "127.0.0.1", port: sitePort });
  site = startSiteProcess({
    port: sitePort,
    admin,
    env: { NODE_ENV: "production", PUBLIC_URL: proxy.origin, TRUST_PROXY_HEADER: "x-forwarded-for" },
  });
  await site.ready;
});

test.afterAll(async () => {
  await site?.stop();
  await proxy?.close();
});

const student = { name: "Kavya Menon", email: "kavya.menon@example.com", mobile: "9845012345" };

async function fillStudent(page: import("@playwright/test").Page, name: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Mobile number").fill(student.mobile);
  await page.getByLabel("Stream").selectOption("B.E");
  await page.getByLabel("Major").selectOption("ECE");
  await page.getByLabel("State").selectOption("karnataka");
  await page.getByLabel("District").selectOption("Mysuru");
  await page.getByRole("checkbox", { name: /I agree to/ }).check();
}

test("the enquiry form is sent over HTTPS with JavaScript on", async ({ page }) => {
  const origin = proxy?.origin ?? "";
  await page.goto(`${origin}/contact`);
  // Links on the page name the public origin, not the site's own http:// address.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/contact`);
  await fillStudent(page, `${student.name} (enquiry)`);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Form submitted successfully!" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the registration form is sent over HTTPS", async ({ page }) => {
    const origin = proxy?.origin ?? "";
    await page.goto(`${origin}/online/register?course=iot`);
    await fillStudent(page, `${student.name} (registration)`);
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Form submitted successfully!")).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origin);
  });
});

test("a counsellor signs in over HTTPS and saves a follow-up on the enquiry", async ({ page, context }) => {
  const origin = proxy?.origin ?? "";
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${origin}/desk/team`);
  const cookies = await context.cookies(origin);
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) expect(cookie.secure, `${cookie.name} is sent over HTTPS only`).toBe(true);

  await page.goto(`${origin}/admin/contactform?range=all`);
  const row = page.getByTestId("submission-row").filter({ hasText: `${student.name} (enquiry)` });
  await row.getByRole("combobox", { name: /Status of/ }).selectOption("contacted");
  await row.getByRole("textbox", { name: /Notes on/ }).fill("Called back, visiting the Bangalore branch on Monday");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByTestId("submission-row")
      .filter({ hasText: `${student.name} (enquiry)` })
      .getByRole("textbox"),
  ).toHaveValue("Called back, visiting the Bangalore branch on Monday");
});
