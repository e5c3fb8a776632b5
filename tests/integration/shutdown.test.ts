// SIGTERM (systemd stop, a deploy): the server stops accepting, finishes the requests in
// flight, ends open staff live streams, closes the database and exits with 0.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, it } from "vitest";
import { openDatabase } from "../../app/platform/database.server";
import { enquiries } from "../../db/schema";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { addStaff, eventually, openStaffStream, signIn, startSite, studentForm } from "./site-process";

/** A form post whose body arrives in two parts: the second only when `finish` is called. */
function slowPost(origin: string, pathname: string, fields: Record<string, string>) {
  const body = Buffer.from(new URLSearchParams(fields).toString());
  const half = Math.floor(body.length / 2);
  let request: http.ClientRequest | undefined;
  const answered = new Promise<{ status: number; location?: string }>((resolve, reject) => {
    request = http.request(
      `${origin}${pathname}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(body.length),
          Origin: origin,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }));
      },
    );
    request.on("error", reject);
    request.write(body.subarray(0, half));
  });
  return {
    answered,
    finish: () => request?.end(body.subarray(half)),
  };
}

describeEachEngine("SIGTERM", (engine) => {
  it("finishes requests in flight, ends live streams, refuses new connections, closes the database and exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-sigterm-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const options = { dataDir, databaseUrl: postgres?.url };
    try {
      const admin = "sigterm.admin@sampige-academy.example";
      await addStaff(options, admin, "admin");
      const site = await startSite(options);
      const cookie = await signIn(site.origin, admin);
      const stream = await openStaffStream(site.origin, cookie);
      await eventually("the stream to open", () => stream.text().includes(": connected"));

      // Half a form is on its way when the signal comes.
      const token = crypto.randomUUID();
      const upload = slowPost(site.origin, "/contact", studentForm({ token, name: "Late Student" }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      site.child.kill("SIGTERM");

      // The live stream is ended by the server, and new connections are refused...
      await eventually("the server to end the live stream", () => stream.ended(), 10_000);
      await eventually("new connections to be refused", async () =>
        fetch(`${site.origin}/healthz`).then(
          () => false,
          () => true,
        ),
      );
      expect(site.child.exitCode).toBeNull();

      // ...while the request in flight is finished and answered with success.
      upload.finish();
      expect(await upload.answered).toEqual({ status: 302, location: "/contact?submitted=1" });

      expect(await site.exited).toEqual({ code: 0, signal: null });
      expect(site.output()).toContain("SIGTERM received");
      // The database was closed (the embedded one releases its lock), and the submission is stored.
      if (engine === "pglite") expect(fs.existsSync(path.join(dataDir, "lock"))).toBe(false);
      const database = await openDatabase({ ...options, purpose: "test" });
      try {
        const rows = await database.db.select({ token: enquiries.submissionToken }).from(enquiries);
        expect(rows.map((row) => row.token)).toEqual([token]);
      } finally {
        await database.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describeEachEngine("SIGTERM while a form's client has gone", () => {
  it("finishes storing the form before it closes the database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-sigterm-gone-"));
    const postgres = await createPostgresDatabase();
    const holder = new pg.Client({ connectionString: postgres.url });
    try {
      const site = await startSite({ dataDir, databaseUrl: postgres.url });
      await holder.connect();
      // The form's first statement (its address's count against the form limit) waits on a lock.
      await holder.query("begin");
      await holder.query("lock table rate_limit_counters in exclusive mode");

      const token = crypto.randomUUID();
      const body = new URLSearchParams(studentForm({ token, name: "Gone Student" })).toString();
      const request = http.request(`${site.origin}/contact`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": String(Buffer.byteLength(body)),
          Origin: site.origin,
        },
      });
      request.on("error", () => {});
      request.end(body);
      // A statement waits on the lock while it is parsed, before the statistics show its text; the
      // first count also sweeps ended windows, a second statement waiting on the same lock.
      await eventually("the form's count to wait on the lock", async () => {
        const waiting = await holder.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        return (waiting.rows[0]?.n ?? 0) >= 1;
      });
      // The student's phone loses its connection, and the site is told to stop.
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      site.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(site.child.exitCode).toBeNull();
      await holder.query("commit");

      expect(await site.exited).toEqual({ code: 0, signal: null });
      const stored = await holder.query("select submission_token from enquiries");
      expect(
        stored.rows.map((row) => row.submission_token),
        site.output(),
      ).toEqual([token]);
    } finally {
      await holder.end().catch(() => {});
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
}, ["postgres"]);
