// Two app processes on one PostgreSQL behave as one site: a submission on one appears live
// in a staff table open on the other, a session works on both, and a staff change made on
// one is shown at once by the other's cached pages.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { staffPassword } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

const serverUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ports = [e2ePort + 83, e2ePort + 84] as const;
const origins = ports.map((port) => `http://127.0.0.1:${port}`);
const admin = "relay.admin@sampige-academy.example";
const servers: ChildProcess[] = [];
let databaseName = "";
let dataDir = "";

async function query(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  try {
    await query("select 1");
  } catch {
    test.skip(!process.env.REQUIRE_POSTGRES, "PostgreSQL at 127.0.0.1:5432 is not reachable");
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable");
  }
  databaseName = `e2e_two_${Date.now().toString(36)}`;
  await query(`create database ${databaseName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  // One shared folder for uploads and the auth secret, as several processes on one machine would have.
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-two-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url.toString(), HOST: "127.0.0.1" };
  const created = spawnSync("npx", ["tsx", "cli/index.ts", "user", "add", "--email", admin, "--role", "admin"], {
    input: `${staffPassword}\n`,
    env,
    encoding: "utf8",
  });
  expect(created.status, created.stderr).toBe(0);
  for (const port of ports) {
    servers.push(spawn(process.execPath, ["http/index.ts"], { env: { ...env, PORT: String(port) }, stdio: "ignore" }));
  }
  for (const origin of origins) {
    let up = false;
    for (let i = 0; i < 120 && !up; i++) {
      up = await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(up, `${origin} started`).toBe(true);
  }
});

test.afterAll(async () => {
  for (const server of servers) server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 1500));
  if (databaseName) await query(`drop database if exists ${databaseName} with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a submission on one process appears live on the other, with one session for both", async ({ page, request }) => {
  const [first, second] = origins as [string, string];
  await page.goto(`${second}/login`);
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${second}/admin`);
  // The same session cookie opens the desk on the other process.
  await page.goto(`${first}/admin`);
  await expect(page).toHaveURL(`${first}/admin`);

  await page.goto(`${second}/admin/contactform`);
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();
  const name = `Relay Student ${Date.now()}`;
  const html = await (await request.get(`${first}/contact`)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const sent = await request.post(`${first}/contact`, {
    form: {
      name,
      email: "relay@example.com",
      mobile: "9000011111",
      stream: "B.E",
      major: "EEE",
      state: "kerala",
      district: "Kollam",
      consent: "yes",
      token,
    },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible({ timeout: 5_000 });
});

test("a start date changed on one process shows at once on the other's cached pages", async ({ page, request }) => {
  const [first, second] = origins as [string, string];
  // Warm the second process's page cache.
  expect(await (await request.get(`${second}/courses/matlab`)).text()).toContain("Starting soon");
  await page.goto(`${first}/login`);
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await page.goto(`${first}/admin/courses/matlab`);
  await page.getByLabel(/Start date/).fill("7 April 2027");
  await page.getByRole("button", { name: "Save start date" }).click();
  await expect(page.getByText("Start date saved: 7 April 2027.")).toBeVisible();
  await expect(async () => {
    expect(await (await request.get(`${second}/courses/matlab`)).text()).toContain("7 April 2027");
  }).toPass({ timeout: 5_000 });
});
