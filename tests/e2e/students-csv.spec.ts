import fs from "node:fs";
import type { APIRequestContext, Browser } from "@playwright/test";
import { signIn, staffAccounts } from "./staff-accounts";
import { expect, test } from "./utils";

test.beforeEach(() => test.slow());

/** A registration for IoT as the public form posts it. */
async function registerForIot(request: APIRequestContext, name: string, mobile: string) {
  const html = await (await request.get("/online/register")).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const response = await request.post("/online/register", {
    form: {
      name,
      email: `${mobile}@example.in`,
      mobile,
      stream: "B.TECH",
      major: "ECE",
      state: "kerala",
      district: "Ernakulam",
      course: "iot",
      token,
      consent: "yes",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBeLessThan(400);
}

/** Clicks "Download CSV" on a students list filtered to `tag`, and returns the file's lines. */
async function downloadedRows(browser: Browser, email: string, listPath: string, tag: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, email);
  await page.goto(`${listPath}?q=${encodeURIComponent(tag)}`);
  await expect(page.getByRole("link", { name: new RegExp(tag) }).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), "utf8");
  await context.close();
  return text
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
}

test("every students list downloads its filtered rows as CSV, for an admin and a counsellor", async ({
  browser,
  request,
}) => {
  const tag = `Csvrow${Date.now().toString(36)}`;
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await registerForIot(request, `${tag} Lakshmi`, mobile);

  for (const [email, listPath] of [
    [staffAccounts.admin, "/admin/students"],
    [staffAccounts.iot, "/counsellor/students"],
    [staffAccounts.iot, "/onlineuser/iot/students"],
  ] as const) {
    const lines = await downloadedRows(browser, email, listPath, tag);
    expect(lines[0]).toMatch(/^Record,Created \(IST\),Name,Mobile,Email/);
    expect(lines, `${listPath} as ${email}`).toHaveLength(2);
    expect(lines[1]).toContain(`${tag} Lakshmi`);
    expect(lines[1]).toContain(mobile);
  }
});
