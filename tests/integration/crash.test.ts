// The server killed with SIGKILL in the middle of a stream of 1,000 submissions: after a
// restart (the stale data-directory lock taken over), every submission that was answered
// with success is stored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openDatabase } from "../../app/platform/database.server";
import { enquiries } from "../../db/schema";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { inParallel, postForm, startSite, studentForm } from "./site-process";

const total = 1_000;
const killAfter = 400;

describeEachEngine("a server killed mid-stream", (engine) => {
  it("keeps every submission it answered with success", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `institute-it-crash-${engine}-`));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const options = { dataDir, databaseUrl: postgres?.url, env: { FORM_RATE_LIMIT: "100000/10m" } };
    try {
      const site = await startSite(options);
      const tokens = Array.from({ length: total }, () => crypto.randomUUID());
      const confirmed: string[] = [];
      let killed = false;
      await inParallel(tokens, 16, async (token) => {
        const response = await postForm(
          site.origin,
          "/contact",
          studentForm({ token, name: `Crash Student ${token.slice(0, 8)}` }),
        ).catch(() => undefined);
        if (response?.status === 302 && response.headers.get("location") === "/contact?submitted=1") {
          confirmed.push(token);
        }
        await response?.arrayBuffer().catch(() => {});
        if (!killed && confirmed.length >= killAfter) {
          killed = true;
          site.child.kill("SIGKILL");
        }
      });
      const ended = await site.exited;
      expect(ended.signal).toBe("SIGKILL");
      // Those sent after the kill were refused (the connection failed), none answered with success.
      expect(confirmed.length).toBeGreaterThanOrEqual(killAfter);
      expect(confirmed.length).toBeLessThan(total);

      // The restarted server takes over the lock the killed one left, and answers healthily.
      if (engine === "pglite") expect(fs.existsSync(path.join(dataDir, "lock"))).toBe(true);
      const restarted = await startSite(options);
      const health = await fetch(`${restarted.origin}/healthz`);
      expect(await health.json()).toMatchObject({ database: "up" });
      const afterRestart = await postForm(restarted.origin, "/contact", studentForm({ name: "After Restart" }));
      expect(afterRestart.status).toBe(302);
      expect(await restarted.stop()).toMatchObject({ code: 0 });

      const database = await openDatabase({ dataDir, databaseUrl: postgres?.url, purpose: "test" });
      try {
        const stored = await database.db
          .select({ token: enquiries.submissionToken })
          .from(enquiries)
          .where(inArray(enquiries.submissionToken, confirmed));
        const storedTokens = new Set(stored.map((row) => row.token));
        const lost = confirmed.filter((token) => !storedTokens.has(token));
        expect(lost).toEqual([]);
        const count = await database.db.execute(sql`select count(*)::int as n from enquiries`);
        const rows = (count as unknown as { rows: { n: number }[] }).rows;
        // Every confirmed one, the one after the restart, and perhaps some stored as the kill came.
        expect(rows[0]?.n).toBeGreaterThanOrEqual(confirmed.length + 1);
      } finally {
        await database.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describeEachEngine("one of two processes killed under load", () => {
  it("loses no submission either answered with success, and the other keeps taking them", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-crash-two-"));
    const postgres = await createPostgresDatabase();
    const options = { dataDir, databaseUrl: postgres.url, env: { FORM_RATE_LIMIT: "100000/10m" } };
    try {
      const [victim, survivor] = await Promise.all([startSite(options), startSite(options)]);
      const tokens = Array.from({ length: 600 }, () => crypto.randomUUID());
      const confirmed: string[] = [];
      const confirmedBySurvivor: string[] = [];
      let killed = false;
      let turn = 0;
      await inParallel(tokens, 16, async (token) => {
        // Alternate between the two processes, as a load balancer would.
        const site = turn++ % 2 === 0 ? victim : survivor;
        const response = await postForm(
          site.origin,
          "/contact",
          studentForm({ token, name: `Two Crash ${token.slice(0, 8)}` }),
        ).catch(() => undefined);
        if (response?.status === 302 && response.headers.get("location") === "/contact?submitted=1") {
          confirmed.push(token);
          if (site === survivor && killed) confirmedBySurvivor.push(token);
        }
        await response?.arrayBuffer().catch(() => {});
        if (!killed && confirmed.length >= 200) {
          killed = true;
          victim.child.kill("SIGKILL");
        }
      });
      expect((await victim.exited).signal).toBe("SIGKILL");
      // The other process went on answering, with success, after the kill.
      expect(confirmedBySurvivor.length).toBeGreaterThan(100);
      expect((await fetch(`${survivor.origin}/healthz`)).status).toBe(200);
      await survivor.stop();

      const database = await openDatabase({ dataDir, databaseUrl: postgres.url, purpose: "test" });
      try {
        const stored = await database.db
          .select({ token: enquiries.submissionToken })
          .from(enquiries)
          .where(inArray(enquiries.submissionToken, confirmed));
        const storedTokens = new Set(stored.map((row) => row.token));
        expect(confirmed.filter((token) => !storedTokens.has(token))).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await postgres.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
}, ["postgres"]);
