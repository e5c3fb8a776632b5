// Two app processes on one PostgreSQL, each reaching it through its own TCP proxy that the test
// can cut (the shared PostgreSQL server itself keeps running). After PostgreSQL has been
// unreachable for several seconds, live updates and page caches follow the other process again
// without a restart; a process whose relay was cut while the other carried on catches up: its
// cached pages show what changed meanwhile, and open staff tables are told to reload.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { createPostgresDatabase, describeEachEngine, postgresServerUrl } from "./databases";
import {
  addStaff,
  eventually,
  openStaffStream,
  postForm,
  type SiteProcess,
  signIn,
  startSite,
  studentForm,
} from "./site-process";

const admin = "outage.admin@sampige-academy.example";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pageText(origin: string, pathname: string): Promise<string> {
  return (await fetch(`${origin}${pathname}`)).text();
}

describeEachEngine("the relay between two processes when PostgreSQL is unreachable", () => {
  let sites: [SiteProcess, SiteProcess];
  let proxies: [FaultProxy, FaultProxy];
  let dataDir = "";
  let drop = async () => {};

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const server = new URL(postgresServerUrl);
    const target = { host: server.hostname, port: Number(server.port || 5432) };
    proxies = [await startFaultProxy(target), await startFaultProxy(target)];
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-relay-"));
    await addStaff({ dataDir, databaseUrl: created.url }, admin, "admin");
    const env = { FORM_RATE_LIMIT: "1000/10m" };
    sites = (await Promise.all(
      proxies.map((proxy) => startSite({ dataDir, databaseUrl: proxy.url(created.url), env })),
    )) as [SiteProcess, SiteProcess];
  }, 180_000);

  afterAll(async () => {
    await Promise.all((sites ?? []).map((site) => site.stop()));
    await Promise.all((proxies ?? []).map((proxy) => proxy.close()));
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("relays submissions and content edits again after PostgreSQL was unreachable for 5 s", async () => {
    const [a, b] = sites;
    for (const proxy of proxies) proxy.setMode("refuse");
    await sleep(5_000);
    for (const proxy of proxies) proxy.setMode("open");

    // The relay comes back by itself (its waits grow from half a second): the next edit on A
    // reaches B's cached page, and a submission on A reaches a desk open on B.
    await eventually("the site answering again", async () => (await fetch(`${b.origin}/healthz`)).status === 200);
    const cookie = await signIn(a.origin, admin);
    await pageText(b.origin, "/courses/iot");
    await eventually(
      "a start date saved on A shown by B's cached page",
      async () => {
        const date = `${Math.floor(Math.random() * 27) + 1} March 2032`;
        const saved = await postForm(
          a.origin,
          "/admin/courses/iot",
          { intent: "start-date", startDate: date },
          {
            Cookie: cookie,
          },
        );
        if (saved.status !== 200) return false;
        await sleep(500);
        return (await pageText(b.origin, "/courses/iot")).includes(date);
      },
      30_000,
    );
    const stream = await openStaffStream(b.origin, cookie);
    try {
      const sent = await postForm(a.origin, "/contact", studentForm({ name: "After Outage" }));
      expect(sent.status).toBe(302);
      await eventually("the submission on B's stream", () => stream.text().includes("event: submission"));
    } finally {
      stream.close();
    }
  }, 60_000);

  it("catches up when only one process was cut off: its pages show the edit, its desks reload", async () => {
    const [a, b] = sites;
    const [, proxyB] = proxies;
    const cookie = await signIn(a.origin, admin);
    // B has the page cached and a desk open before it is cut off.
    await pageText(b.origin, "/courses/ai");
    await eventually(
      "B's page from its cache",
      async () => (await fetch(`${b.origin}/courses/ai`)).headers.get("x-page-cache") === "hit",
    );
    const stream = await openStaffStream(b.origin, cookie);
    try {
      proxyB.setMode("refuse");
      await sleep(1_500);
      // Edited on A while B hears nothing: B still has its old page.
      const saved = await postForm(
        a.origin,
        "/admin/courses/ai",
        { intent: "start-date", startDate: "7 July 2033" },
        {
          Cookie: cookie,
        },
      );
      expect(saved.status).toBe(200);
      expect(await pageText(b.origin, "/courses/ai")).not.toContain("7 July 2033");
      await sleep(3_500);
      proxyB.setMode("open");

      await eventually(
        "B's page after it listens again",
        async () => (await pageText(b.origin, "/courses/ai")).includes("7 July 2033"),
        30_000,
      );
      await eventually("B's desk told to reload", () => stream.text().includes("event: resync"));
    } finally {
      stream.close();
    }
  }, 60_000);
}, ["postgres"]);
