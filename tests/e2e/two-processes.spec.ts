// Two app processes on one PostgreSQL behave as one site: a submission on one appears live
// in a staff table open on the other, a session works on both, and a staff change made on
// one is shown at once by the other's cached pages.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { addStaffAccount, postgresQuery, postgresUrlOf, spawnSite, stopChild, waitForSite } from "../support/processes";
import { staffPassword } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

const ports = [e2ePort + 83, e2ePort + 84] as const;
const origins = ports.map((port) => `http://127.0.0.1:${port}`);
const admin = "relay.admin@sampige-academy.example";
const servers: ChildProcess[] = [];
let databaseName = "";
let dataDir = "";
const query = async (statement: string) => {
  await postgresQuery(statement);
};

test.describe.configure({ mode: "serial" });

/** Signs the admin in on one process, as a person does on its login page. */
async function signInAt(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${origin}/desk/team`);
}

/** Sends the contact form to one process, with the form's own token, and expects it taken. */
async function sendEnquiry(
  request: APIRequestContext,
  origin: string,
  student: { name: string; email: string; mobile: string },
) {
  const html = await (await request.get(`${origin}/contact`)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const sent = await request.post(`${origin}/contact`, {
    form: { ...student, stream: "B.E", major: "EEE", state: "kerala", district: "Kollam", consent: "yes", token },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
}

test.beforeAll(async () => {
  // A new PostgreSQL database, a staff account and two sites to start: more than a test's 30 s on a busy machine.
  test.setTimeout(120_000);
  try {
    await query("select 1");
  } catch {
    test.skip(!process.env.REQUIRE_POSTGRES, "PostgreSQL at 127.0.0.1:5432 is not reachable");
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable");
  }
  databaseName = `e2e_two_${Date.now().toString(36)}`;
  await query(`create database ${databaseName}`);
  // One shared folder for uploads and the auth secret, as several processes on one machine would have.
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-two-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgresUrlOf(databaseName), HOST: "127.0.0.1" };
  await addStaffAccount(env, admin, "admin", staffPassword);
  for (const port of ports) servers.push(spawnSite({ ...env, PORT: String(port) }));
  for (const [index, origin] of origins.entries()) await waitForSite(origin, servers[index] as ChildProcess);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => stopChild(server)));
  if (databaseName) await query(`drop database if exists ${databaseName} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a submission on one process appears live on the other, with one session for both", async ({ page, request }) => {
  const [first, second] = origins as [string, string];
  await signInAt(page, second);
  // The same session cookie opens the desk on the other process.
  await page.goto(`${first}/admin`);
  await expect(page).toHaveURL(`${first}/admin`);

  await page.goto(`${second}/admin/contactform`);
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();
  const name = `Relay Student ${Date.now()}`;
  await sendEnquiry(request, first, { name, email: "relay@example.com", mobile: "9000011111" });
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible({ timeout: 5_000 });
});

test("a start date changed on one process shows at once on the other's cached pages", async ({ page, request }) => {
  const [first, second] = origins as [string, string];
  // Warm the second process's page cache.
  expect(await (await request.get(`${second}/courses/matlab`)).text()).toContain("Starting soon");
  await signInAt(page, first);
  await page.goto(`${first}/admin/courses/matlab`);
  await page.getByRole("textbox", { name: "Start date" }).fill("7 April 2027");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText("Start date saved: 7 April 2027.")).toBeVisible();
  await expect(async () => {
    expect(await (await request.get(`${second}/courses/matlab`)).text()).toContain("7 April 2027");
  }).toPass({ timeout: 5_000 });
});

test("two counsellors' browsers on the two processes: the second edit of one version is refused, and keeps what was chosen", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const [first, second] = origins as [string, string];
  const name = `Conflict Student ${Date.now()}`;
  await sendEnquiry(request, first, { name, email: `conflict.${Date.now()}@example.com`, mobile: "9000022222" });

  // Two browsers, each signed in on its own process, open the same record.
  const open = async (origin: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAt(page, origin);
    await page.goto(`${origin}/admin/students?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    return { context, page };
  };
  const one = await open(first);
  const two = await open(second);
  const stageOf = (page: typeof one.page) => page.getByRole("combobox", { name: "Stage", exact: true });

  await stageOf(one.page).selectOption({ label: "Contacted" });
  await one.page.getByRole("button", { name: "Save stage" }).click();
  await expect(one.page.getByText("Stage saved.")).toBeVisible();

  // The other browser still shows the version it opened: its edit is refused, with the change shown.
  await stageOf(two.page).selectOption({ label: "Counselled" });
  await two.page.getByRole("button", { name: "Save stage" }).click();
  await expect(two.page.getByText(/Someone changed this record since you opened it/)).toBeVisible();
  await expect(two.page.getByText(/changed the stage: New → Contacted/)).toBeVisible();
  await expect(stageOf(two.page)).toHaveValue("counselled");
  // Saving again, now on the current version, applies it.
  await two.page.getByRole("button", { name: "Save stage" }).click();
  await expect(two.page.getByText("Stage saved.")).toBeVisible();
  await one.page.reload();
  await expect(stageOf(one.page)).toHaveValue("counselled");
  await one.context.close();
  await two.context.close();
});
