// The morning digest from the real site (http/index.ts): two processes started together on one
// PostgreSQL, then one started again, send a counsellor one digest for the day, to a real SMTP
// server. The site reads the real clock: from 08:00 India time the digest is due, before it
// nothing may be sent; the test expects whichever the clock says.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { localClock, reminderSettings } from "../../app/admissions/my-day/reminders.server";
import { openDatabase } from "../../app/platform/database.server";
import { outbox, reminderDigests, students, user } from "../../db/schema";
import { startMailServer } from "../support/mail-server";
import { createPostgresDatabase, describeEachEngine } from "./databases";
import { type SiteProcess, startSite } from "./site-process";

describeEachEngine("the morning digest from two site processes", () => {
  it("is sent once for the day, by whichever process gets there first, and not again after a restart", async () => {
    const { url, drop } = await createPostgresDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-digest-sites-"));
    const mailServer = await startMailServer();
    const sites: SiteProcess[] = [];
    const database = await openDatabase({ dataDir, databaseUrl: url, purpose: "test" });
    try {
      const { db } = database;
      await db.insert(user).values({ id: "asha", name: "Asha Rao", email: "asha@sampige.example", role: "counsellor" });
      // A follow-up that was due yesterday: overdue whatever the hour.
      await db.insert(students).values({
        name: "Kavya Shetty",
        email: "kavya@example.in",
        mobile: "9845012345",
        courses: ["iot"],
        stage: "contacted",
        ownerId: "asha",
        nextFollowUpAt: new Date(Date.now() - 24 * 60 * 60_000),
        contactedAt: new Date(Date.now() - 48 * 60 * 60_000),
      });
      const due = localClock(new Date(), reminderSettings.timeZone).hour >= reminderSettings.digestHour;
      const options = { dataDir, databaseUrl: url, env: { SMTP_URL: mailServer.url } };

      sites.push(...(await Promise.all([startSite(options), startSite(options)])));
      // Each process looks 5 s after it starts, then every minute.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      if (due) await mailServer.waitFor(1, 20_000);
      for (const site of sites.splice(0)) expect((await site.stop()).code).toBe(0);

      sites.push(await startSite(options));
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(mailServer.received.map((message) => [message.to, message.subject])).toEqual(
        due ? [[["asha@sampige.example"], "Your day: 1 overdue"]] : [],
      );
      const decided = await db.select().from(reminderDigests).where(eq(reminderDigests.userId, "asha"));
      expect(decided.map((row) => row.outcome)).toEqual(due ? ["sent"] : []);
      expect(await db.select().from(outbox).where(eq(outbox.kind, "digest"))).toHaveLength(due ? 1 : 0);
    } finally {
      await Promise.all(sites.map((site) => site.stop()));
      await database.close();
      await mailServer.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
}, ["postgres"]);
