// Two app processes on one PostgreSQL, the second reaching it through a TCP proxy the test can
// cut (the shared PostgreSQL server keeps running). A desk open on the second process while its
// relay is cut off misses a form sent through the first; when the relay listens again, the desk
// is told to reload and shows the entry without anyone touching the page.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import {
  addStaffAccount,
  postgresQuery,
  postgresServerUrl,
  postgresUrlOf,
  spawnSite,
  stopChild,
  waitForSite,
} from "../support/processes";
import { staffPassword } from "./staff-accounts";
import { e2ePort, expect, test } from "./utils";

const ports = [e2ePort + 85, e2ePort + 86] as const;
const origins = ports.map((port) => `http://127.0.0.1:${port}`);
const admin = "outage.admin@sampige-academy.example";
const servers: ChildProcess[] = [];
let proxy: FaultProxy | undefined;
let databaseName = "";
let dataDir = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A new PostgreSQL database, a staff account and two sites to start: more than a test's 30 s on a busy machine.
  test.setTimeout(120_000);
  try {
    await postgresQuery("select 1");
  } catch {
    test.skip(!process.env.REQUIRE_POSTGRES, "PostgreSQL at 127.0.0.1:5432 is not reachable");
    throw new Error("PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable");
  }
  databaseName = `${process.env.TEST_DATABASE_PREFIX ?? "e2e_"}relay_${Date.now().toString(36)}`;
  await postgresQuery(`create database "${databaseName}"`);
  dataDir = mkdtempSync(path.join(tmpdir(), "site-e2e-relay-"));
  const direct = postgresUrlOf(databaseName);
  const server = new URL(postgresServerUrl);
  proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: direct, HOST: "127.0.0.1", FORM_RATE_LIMIT: "100/1m" };
  await addStaffAccount(env, admin, "admin", staffPassword);
  servers.push(spawnSite({ ...env, PORT: String(ports[0]) }));
  servers.push(spawnSite({ ...env, PORT: String(ports[1]), DATABASE_URL: proxy.url(direct) }));
  for (const [index, origin] of origins.entries()) await waitForSite(origin, servers[index] as ChildProcess);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => stopChild(server)));
  await proxy?.close();
  if (databaseName) await postgresQuery(`drop database if exists "${databaseName}" with (force)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("a desk open while its process was cut off from PostgreSQL shows what came in meanwhile", async ({
  page,
  request,
}) => {
  const [first, second] = origins as [string, string];
  await page.goto(`${second}/login`);
  await page.getByLabel("Email").fill(admin);
  await page.getByLabel("Password", { exact: true }).fill(staffPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${second}/desk/team`);
  await page.goto(`${second}/admin/contactform`);
  await expect(page.getByText("Live: new entries appear here by themselves")).toBeVisible();

  proxy?.setMode("refuse");
  await page.waitForTimeout(1_500);
  const name = `Missed Student ${Date.now()}`;
  const html = await (await request.get(`${first}/contact`)).text();
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const sent = await request.post(`${first}/contact`, {
    form: {
      name,
      email: "missed@example.com",
      mobile: "9000022222",
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
  await page.waitForTimeout(3_000);
  await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
  proxy?.setMode("open");

  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible({ timeout: 20_000 });
});
