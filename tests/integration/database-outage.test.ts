// PostgreSQL goes away while the site runs (a TCP proxy between the app and the server is
// cut, so the machine's PostgreSQL itself keeps running): form posts answer with the clear
// "not sent" message and every typed value, /healthz says the database is down, and when
// PostgreSQL is back the same process recovers by itself.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { notSentMessage } from "../../app/admissions/submissions/submissions.server";
import { type FaultProxy, startFaultProxy } from "../support/fault-proxy";
import { postgresQuery } from "../support/processes";
import { createPostgresDatabase, describeEachEngine, postgresServerUrl } from "./databases";
import { eventually, freePort, postForm, type SiteProcess, startSite, studentForm } from "./site-process";

/** A TCP proxy the test can cut (every connection dropped, new ones refused) and restore. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  await listen();
  return {
    port,
    /** PostgreSQL "stops": open connections drop, new ones are refused. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describeEachEngine("PostgreSQL stopped while the site runs", () => {
  let site: SiteProcess;
  let proxy: Awaited<ReturnType<typeof startCuttableProxy>>;
  let dataDir = "";
  let drop = async () => {};
  let databaseName = "";

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    databaseName = new URL(created.url).pathname.slice(1);
    const server = new URL(postgresServerUrl);
    proxy = await startCuttableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const viaProxy = new URL(created.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-outage-"));
    site = await startSite({
      dataDir,
      databaseUrl: viaProxy.toString(),
      env: { FORM_RATE_LIMIT: "1000/10m", DATABASE_QUERY_TIMEOUT: "" },
    });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await proxy?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("says 'not sent' with every typed value while it is down, and recovers without a restart", async () => {
    const before = await postForm(site.origin, "/contact", studentForm());
    expect(before.status).toBe(302);

    await proxy.cut();

    const health = await fetch(`${site.origin}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ database: "down" });

    const typed = {
      name: "Anjali Menon",
      email: "anjali.menon@example.in",
      mobile: "98470 55512",
      stream: "B.TECH",
      major: "CSE",
      state: "kerala",
      district: "Ernakulam",
      under18: "yes",
      guardianName: "Suresh Menon",
      guardianMobile: "94470 11122",
      guardianConsent: "yes",
      consent: "yes",
    };
    const forms = [
      { path: "/contact", fields: typed, message: notSentMessage.enquiry },
      { path: "/online/register", fields: { ...typed, course: "iot" }, message: notSentMessage.registration },
    ];
    for (const form of forms) {
      const answer = await postForm(site.origin, form.path, studentForm(form.fields));
      expect(answer.status).toBe(503);
      const page = await answer.text();
      expect(page.includes(form.message), `${form.path} says "not sent"`).toBe(true);
      const selects = new Set(["stream", "major", "state", "district", "course"]);
      for (const [name, value] of Object.entries(form.fields)) {
        const kept =
          value === "yes"
            ? // A ticked box stays ticked.
              new RegExp(`name="${name}" checked=""`).test(page)
            : selects.has(name)
              ? page.includes(`value="${value}" selected=""`)
              : page.includes(`name="${name}" value="${value}"`);
        expect(kept, `${form.path} keeps ${name}`).toBe(true);
      }
    }

    await proxy.restore();

    await eventually("the health check to say the database is up", async () => {
      const response = await fetch(`${site.origin}/healthz`);
      return response.status === 200;
    });
    const after = await postForm(site.origin, "/online/register", studentForm({ course: "embedded" }));
    expect(after.status).toBe(302);
    expect(site.child.exitCode).toBeNull();
  }, 90_000);

  it("logs a form it could not store without what the student typed", async () => {
    const typed = { name: "Divya Raghavan", email: "divya.raghavan@example.in", mobile: "9840011223" };
    // The filing itself fails (its function gone for a moment) while the form limit still counts.
    const rename = (from: string, to: string) =>
      postgresQuery(`alter function ${from}(text, jsonb, text, text) rename to ${to}`, databaseName);
    await rename("file_submission", "file_submission_away");
    try {
      const answer = await postForm(site.origin, "/contact", studentForm(typed));
      expect(answer.status).toBe(503);
      expect(await answer.text()).toContain(`name="email" value="${typed.email}"`);
    } finally {
      await rename("file_submission_away", "file_submission");
    }
    const log = site.output();
    expect(log).toContain("Storing an enquiry failed: error: function file_submission(");
    expect(log).toContain(
      "in the statement: select * from file_submission($1, $2::jsonb, $3, $4) (its 4 values are not logged)",
    );
    for (const value of Object.values(typed)) expect(log, `the log leaves out ${value}`).not.toContain(value);
    expect((await postForm(site.origin, "/contact", studentForm(typed))).status).toBe(302);
  }, 60_000);
}, ["postgres"]);

describeEachEngine("PostgreSQL hangs or refuses while the site runs", () => {
  let site: SiteProcess;
  let proxy: FaultProxy;
  let dataDir = "";
  let drop = async () => {};

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    const server = new URL(postgresServerUrl);
    proxy = await startFaultProxy({ host: server.hostname, port: Number(server.port || 5432) });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-hang-"));
    // The default time limits: what an operator who sets nothing gets.
    site = await startSite({
      dataDir,
      databaseUrl: proxy.url(created.url),
      env: { FORM_RATE_LIMIT: "1000/10m", DATABASE_QUERY_TIMEOUT: "" },
    });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await proxy?.close();
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const typed = { name: "Fathima Beevi", email: "fathima.beevi@example.in", mobile: "94460 12345" };

  /** Posts the contact form with the typed values; answers the status, the page and the seconds taken. */
  async function sendEnquiry() {
    const started = Date.now();
    const answer = await postForm(site.origin, "/contact", studentForm(typed));
    return { status: answer.status, page: await answer.text(), seconds: (Date.now() - started) / 1000 };
  }

  async function expectNotSentQuickly() {
    const answer = await sendEnquiry();
    expect(answer.status).toBe(503);
    expect(answer.page).toContain(notSentMessage.enquiry);
    for (const [name, value] of Object.entries(typed)) {
      expect(answer.page, `keeps ${name}`).toContain(`name="${name}" value="${value}"`);
    }
    expect(answer.seconds, "answered within a few seconds").toBeLessThan(12);
  }

  async function expectRecovered() {
    await eventually("an enquiry to be stored again", async () => (await sendEnquiry()).status === 302, 20_000);
    expect(site.child.exitCode).toBeNull();
  }

  it("answers 'not sent' within seconds while PostgreSQL hangs, and stores again once it answers", async () => {
    // Connections in the pool first, so the hang meets both pooled and new connections.
    expect((await sendEnquiry()).status).toBe(302);

    proxy.setMode("hang");
    await expectNotSentQuickly();
    await expectNotSentQuickly();

    proxy.setMode("open");
    await expectRecovered();
  }, 90_000);

  it("answers 'not sent' while PostgreSQL refuses connections, and stores again once it accepts them", async () => {
    expect((await sendEnquiry()).status).toBe(302);

    proxy.setMode("refuse");
    await expectNotSentQuickly();

    proxy.setMode("open");
    await expectRecovered();
  }, 90_000);
}, ["postgres"]);
