// A real fault while the site runs: the page answers 500 with the product's error page,
// never a stack trace, and a form post keeps everything the student typed.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { postgresQuery, postgresUrlOf, spawnSite, stopChild, waitForSite } from "../support/processes";
import { e2ePort, expect, test } from "./utils";

const port = e2ePort + 80;
const origin = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let databaseName = "";
let dataDir = "";
const admin = async (statement: string, database?: string) => {
  await postgresQuery(statement, database);
};

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  try {
    await admin("select 1");
  } catch {
    test.skip(!process.env.REQUIRE_POSTGRES, "PostgreSQL at 127.0.0.1:5432 is not reachable");
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable");
  }
  databaseName = `e2e_${Date.now().toString(36)}`;
  await admin(`create database ${databaseName}`);
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-faults-"));
  server = spawnSite({
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: postgresUrlOf(databaseName),
  });
  await waitForSite(origin, server);
});

test.afterAll(async () => {
  await stopChild(server);
  if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a broken table gives the friendly error page, and a form post keeps every field", async ({ page }) => {
  // Storage the pages need goes missing under the running site.
  await admin("alter table course_start_dates rename to course_start_dates_gone", databaseName);
  await admin("alter table enquiries rename to enquiries_gone", databaseName);
  try {
    const response = await page.goto(`${origin}/courses/iot`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
    const html = await page.content();
    expect(html).not.toMatch(/course_start_dates|at \w+ \(|node_modules|Error:/);

    await page.goto(`${origin}/contact`);
    await page.getByLabel("Name").fill("Lakshmi Narayanan");
    await page.getByLabel("Email").fill("lakshmi@example.com");
    await page.getByLabel("Mobile number").fill("9444012345");
    await page.getByLabel("Stream").selectOption("MCA");
    await page.getByLabel("Major").selectOption("COMPUTER");
    await page.getByLabel("State").selectOption("tamilnadu");
    await page.getByLabel("District").selectOption("Madurai");
    await page.getByRole("checkbox", { name: /I agree to/ }).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toContainText("your enquiry was not sent");
    await expect(page.getByLabel("Name")).toHaveValue("Lakshmi Narayanan");
    await expect(page.getByLabel("District")).toHaveValue("Madurai");
    await expect(page.getByRole("checkbox", { name: /I agree to/ })).toBeChecked();
    await expect(page.getByText("Form submitted successfully!")).toHaveCount(0);
  } finally {
    await admin("alter table course_start_dates_gone rename to course_start_dates", databaseName);
    await admin("alter table enquiries_gone rename to enquiries", databaseName);
  }
});
