// Reminders by e-mail (decision 019), on both engines, delivered to a real SMTP server on
// 127.0.0.1: the notice to a new student's owner, the morning digest (what it says, once per
// account and day with two processes and after a restart, nobody who is away), and the admins'
// alert about new students not contacted in time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { site } from "~/config/site";
import { setAway, setPool } from "../../app/admissions/assignment/assignment.server";
import type { DaySettings } from "../../app/admissions/my-day/my-day.server";
import {
  checkedReminderSettings,
  localClock,
  queueDigests,
  queueUncontactedAlerts,
  type ReminderSettings,
  reminderSettings,
  remindersJob,
} from "../../app/admissions/my-day/reminders.server";
import type { StudentStage } from "../../app/admissions/records/student-stages";
import {
  type MailSettings,
  type OutboxDelivery,
  startOutboxDelivery,
} from "../../app/admissions/submissions/notifications.server";
import { type AppDatabase, type Database, openDatabase } from "../../app/platform/database.server";
import { startScheduler } from "../../app/platform/scheduler.server";
import { action as registerAction } from "../../app/routes/online/register";
import type { CourseKey } from "../../app/site/course-catalog";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { outbox, reminderDigests, staffAvailability, students, user } from "../../db/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { createPostgresDatabase, describeEachEngine, useTestDatabase } from "./databases";
import { actionContext, formPost, settle, studentFormFields } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const origin = "http://localhost:3000";
const password = "correct horse battery staple kolam";

/** A moment given in India time: "2026-11-25T08:15" (25 Nov 2026 is a Wednesday). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const settings: ReminderSettings = { digestHour: 8, timeZone: "Asia/Kolkata", alertAdminsAboutUncontacted: false };
const day: DaySettings = {
  workingHours: { days: ["mon", "tue", "wed", "thu", "fri", "sat"], start: "09:30", end: "18:30" },
  firstContactWithinMinutes: 120,
  recentDays: 7,
};

/**
 * The desk on a Wednesday morning: Asha has an overdue follow-up, one due today and a new
 * student nobody called since yesterday noon; Bharath has only a follow-up next week; Chitra
 * has an overdue one but is away; the admin owns nothing.
 */
async function seedDesk(db: AppDatabase): Promise<Record<string, number>> {
  await db.insert(user).values([
    { id: "asha", name: "Asha Rao", email: "asha@sampige.example", role: "counsellor" },
    { id: "bharath", name: "Bharath", email: "bharath@sampige.example", role: "counsellor" },
    { id: "chitra", name: "Chitra", email: "chitra@sampige.example", role: "counsellor" },
    { id: "root", name: "Admin", email: "admin@sampige.example", role: "admin" },
  ]);
  await db.insert(staffAvailability).values({ userId: "chitra", away: true });
  let n = 0;
  const record = async (
    name: string,
    owner: string | null,
    stage: StudentStage,
    followUp: Date | null,
    created: Date,
    courses = ["iot"],
  ) => {
    n += 1;
    const [row] = await db
      .insert(students)
      .values({
        name,
        email: `s${n}@example.in`,
        mobile: `90000000${String(n).padStart(2, "0")}`,
        courses: courses as never,
        stage,
        lostReason: stage === "lost" ? "fees" : null,
        ownerId: owner,
        nextFollowUpAt: followUp,
        createdAt: created,
        updatedAt: created,
        contactedAt: stage === "new" ? null : created,
      })
      .returning({ id: students.id });
    return row?.id as number;
  };
  return {
    kavya: await record("Kavya Shetty", "asha", "contacted", ist("2026-11-24T16:00"), ist("2026-11-20T10:00")),
    ravi: await record("Ravi Kumar", "asha", "counselled", ist("2026-11-25T11:30"), ist("2026-11-21T10:00")),
    meena: await record("Meena Iyer", "asha", "new", null, ist("2026-11-24T12:00"), ["ai", "iot"]),
    later: await record("Later Student", "bharath", "contacted", ist("2026-12-02T10:00"), ist("2026-11-20T10:00")),
    away: await record("Away Student", "chitra", "contacted", ist("2026-11-23T10:00"), ist("2026-11-20T10:00"), ["ai"]),
    lost: await record("Lost Student", "bharath", "lost", ist("2026-11-23T10:00"), ist("2026-11-20T10:00")),
  };
}

it("reads the digest's day and hour in the configured time zone", () => {
  // 02:45 UTC is 08:15 in India, the same day; 20:00 UTC is 01:30 the next day there.
  expect(localClock(new Date("2026-11-25T02:45:00Z"), "Asia/Kolkata")).toEqual({ day: "2026-11-25", hour: 8 });
  expect(localClock(new Date("2026-11-25T20:00:00Z"), "Asia/Kolkata")).toEqual({ day: "2026-11-26", hour: 1 });
  expect(localClock(new Date("2026-11-25T20:00:00Z"), "UTC")).toEqual({ day: "2026-11-25", hour: 20 });
  expect(() =>
    checkedReminderSettings({ digestHour: 24, timeZone: "Asia/Kolkata", alertAdminsAboutUncontacted: false }),
  ).toThrow(/digestHour/);
  expect(() =>
    checkedReminderSettings({ digestHour: 8, timeZone: "India/Bengaluru", alertAdminsAboutUncontacted: false }),
  ).toThrow(/timeZone/);
});

describeEachEngine("reminders by e-mail", (engine) => {
  const test = useTestDatabase(engine);
  const database = () => test.current.database;
  let mailServer: TestMailServer;
  let mail: MailSettings;
  let delivery: OutboxDelivery | undefined;

  const register = async (fields: Record<string, string>) =>
    (
      await settle(() =>
        registerAction({
          request: formPost(`${origin}/online/register`, { ...fields, token: crypto.randomUUID() }),
          context: actionContext(database(), { mail }),
          params: {},
        } as never),
      )
    ).status;

  /** An admin, or a counsellor of the course named in place of the role. */
  async function staff(email: string, role: "admin" | CourseKey, name = ""): Promise<string> {
    const access = role === "admin" ? { role } : { role: "counsellor" as const, courses: [role] };
    const created = await createStaff(database(), { email, ...access, password, name }, "reminder tests");
    if (!created.ok) throw new Error(created.error);
    return created.user.id;
  }

  beforeAll(async () => {
    mailServer = await startMailServer();
    mail = { smtpUrl: mailServer.url, from: `"${site.name}" <desk@sampige-academy.example>` };
  });
  afterAll(async () => {
    await mailServer?.close();
  });
  beforeEach(async () => {
    await test.current.truncate();
    mailServer.received.length = 0;
  });
  afterEach(async () => {
    await delivery?.close();
    delivery = undefined;
  });

  it("tells the counsellor a new student is theirs at once, and again when the student writes again", async () => {
    const { db } = database();
    const asha = await staff("asha.counsellor@sampige-academy.example", "iot", "Asha Rao");
    await setPool(db, "iot", [asha]);

    expect(await register({ ...studentFormFields, course: "iot" })).toBe(302);
    const queued = await db.select().from(outbox).where(eq(outbox.kind, "counsellor"));
    expect(queued.map((message) => message.recipient)).toEqual(["asha.counsellor@sampige-academy.example"]);

    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    // The institute, the student's acknowledgement and the counsellor.
    const received = await mailServer.waitFor(3);
    const notice = received.find((message) => message.to.includes("asha.counsellor@sampige-academy.example"));
    expect(notice?.subject).toBe("New student for you: Kavya Shetty");
    expect(notice?.text).toContain("Hello Asha Rao,");
    expect(notice?.text).toContain("Kavya Shetty sent a registration through the website and is now yours to call.");
    expect(notice?.text).toContain("Mobile: 9845012345");
    expect(notice?.text).toContain("Course: Internet of Things (IoT)");
    expect(notice?.text).toContain(`Open the record: ${origin}/counsellor/students/1`);
    expect(notice?.contentType).toMatch(/^text\/plain;/);

    // The same student (same mobile) registers again: still Asha's, and she hears of it.
    expect(await register({ ...studentFormFields, course: "iot", email: "kavya.new@example.in" })).toBe(302);
    const again = (await mailServer.waitFor(6)).filter((message) =>
      message.to.includes("asha.counsellor@sampige-academy.example"),
    );
    expect(again.map((message) => message.subject)).toEqual([
      "New student for you: Kavya Shetty",
      "Kavya Shetty wrote again",
    ]);
    expect(again[1]?.text).toContain(
      "Kavya Shetty, one of your students, sent a registration through the website again.",
    );
  });

  it("sends no notice to an owner who is away, nor for a student nobody owns", async () => {
    const { db } = database();
    const asha = await staff("asha.counsellor@sampige-academy.example", "iot", "Asha Rao");
    await setPool(db, "iot", [asha]);
    // Nobody is in the AI pool: that student waits, unassigned.
    expect(await register({ ...studentFormFields, course: "ai", mobile: "9000000001", email: "a@example.in" })).toBe(
      302,
    );
    expect(await register({ ...studentFormFields, course: "iot" })).toBe(302);
    await setAway(db, asha, true);
    expect(await register({ ...studentFormFields, course: "iot", email: "kavya.again@example.in" })).toBe(302);
    const notices = await db.select().from(outbox).where(eq(outbox.kind, "counsellor"));
    expect(notices.map((message) => message.subject)).toEqual(["New student for you: Kavya Shetty"]);
  });

  it("sends each counsellor with something due one digest a morning, with a link to each record, and none to who is away", async () => {
    const { db } = database();
    const ids = await seedDesk(db);
    await db
      .update(students)
      .set({ stage: "lost", lostReason: "fees" })
      .where(eq(students.id, ids.lost as number));
    const run = { origin, settings, day };

    // Before the hour, nothing is decided.
    expect(await queueDigests(db, { ...run, now: ist("2026-11-25T07:59") })).toEqual({
      sent: 0,
      "nothing due": 0,
      away: 0,
    });
    expect(await db.select().from(reminderDigests)).toEqual([]);

    expect(await queueDigests(db, { ...run, now: ist("2026-11-25T08:00") })).toEqual({
      sent: 1,
      "nothing due": 2,
      away: 1,
    });
    // Later the same morning: decided already.
    expect(await queueDigests(db, { ...run, now: ist("2026-11-25T10:45") })).toEqual({
      sent: 0,
      "nothing due": 0,
      away: 0,
    });
    const decided = await db.select().from(reminderDigests);
    expect(Object.fromEntries(decided.map((row) => [row.userId, [row.day, row.outcome]]))).toEqual({
      asha: ["2026-11-25", "sent"],
      bharath: ["2026-11-25", "nothing due"],
      chitra: ["2026-11-25", "away"],
      root: ["2026-11-25", "nothing due"],
    });

    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    const [received] = await mailServer.waitFor(1);
    const digest = received && { ...received, text: received.text.replaceAll("\r\n", "\n") };
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailServer.received).toHaveLength(1);
    expect(digest?.to).toEqual(["asha@sampige.example"]);
    expect(digest?.contentType).toMatch(/^text\/plain;/);
    expect(digest?.subject).toBe("Your day: 1 overdue, 1 today, 1 new");
    const link = (id: number | undefined) => `${origin}/counsellor/students/${id}`;
    expect(digest?.text).toContain("Hello Asha Rao,");
    expect(digest?.text).toContain("Your students for Wednesday, 25 November:");
    expect(digest?.text).toContain(
      [
        "Overdue follow-ups (1)",
        "- Kavya Shetty, IoT: follow-up 24 Nov 2026, 4:00 pm",
        `  ${link(ids.kavya)}`,
        "",
        "Due today (1)",
        "- Ravi Kumar, IoT: follow-up 25 Nov 2026, 11:30 am",
        `  ${link(ids.ravi)}`,
        "",
        "New, never contacted (1)",
        "- Meena Iyer, AI, IoT: wrote in 24 Nov 2026, 12:00 pm, not contacted in time",
        `  ${link(ids.meena)}`,
      ].join("\n"),
    );
    expect(digest?.text).toContain(`My day on the desk: ${origin}/desk/day`);
    // Names and links only: the student's mobile and e-mail stay on the desk.
    expect(digest?.text).not.toMatch(/90000000|@example\.in/);

    // The next morning is another day.
    expect((await queueDigests(db, { ...run, now: ist("2026-11-26T08:30") })).sent).toBe(1);
  });

  it("sends one digest a day with two processes running, and none again after a restart", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-digest-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const open = () => openDatabase({ dataDir, databaseUrl: postgres?.url, purpose: "test" });
    const opened: Database[] = [];
    try {
      const first = await open();
      opened.push(first);
      await seedDesk(first.db);
      // Two processes share one PostgreSQL; the embedded database is one process's alone.
      const second = postgres ? await open() : undefined;
      if (second) opened.push(second);
      const now = ist("2026-11-25T08:00");
      const processes = [first, second]
        .filter((database) => database !== undefined)
        .map((database) =>
          startScheduler(database.db, [remindersJob(database.db, { origin, settings, day, firstRunMs: 60_000 })]),
        );
      await Promise.all(
        processes.flatMap((reminders) => [reminders.runNow("reminders", now), reminders.runNow("reminders", now)]),
      );
      await Promise.all(processes.map((reminders) => reminders.stop()));
      for (const database of opened.splice(0)) await database.close();

      // Started again the same morning: the day's digests were decided before.
      const restarted = await open();
      opened.push(restarted);
      const again = startScheduler(restarted.db, [
        remindersJob(restarted.db, { origin, settings, day, firstRunMs: 60_000 }),
      ]);
      await again.runNow("reminders", ist("2026-11-25T09:10"));
      await again.stop();
      const digests = await restarted.db.select().from(outbox).where(eq(outbox.kind, "digest"));
      expect(digests.map((message) => message.recipient)).toEqual(["asha@sampige.example"]);
      expect(await restarted.db.select().from(reminderDigests)).toHaveLength(4);

      delivery = startOutboxDelivery(restarted.db, mail, { pollMs: 50 });
      await mailServer.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mailServer.received.map((message) => message.to)).toEqual([["asha@sampige.example"]]);
      await delivery.close();
      delivery = undefined;
    } finally {
      for (const database of opened) await database.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A new embedded database takes seconds to make, and it is opened twice.
  }, 120_000);

  it("e-mails the admins about a new student not contacted in time once, only when the setting is on", async () => {
    const { db } = database();
    const ids = await seedDesk(db);
    expect(reminderSettings.alertAdminsAboutUncontacted).toBe(false);
    // Off (the default): nothing, though Meena has waited since yesterday noon.
    expect(await queueUncontactedAlerts(db, { origin, settings, day, now: ist("2026-11-25T10:00") })).toBe(0);

    const on = { origin, settings: { ...settings, alertAdminsAboutUncontacted: true }, day };
    expect(await queueUncontactedAlerts(db, { ...on, now: ist("2026-11-25T10:00") })).toBe(1);
    expect(await queueUncontactedAlerts(db, { ...on, now: ist("2026-11-25T10:01") })).toBe(0);
    // A student who wrote in at 10:00 is late at 12:00 (two working hours), not at 11:59.
    const [late] = await db
      .insert(students)
      .values({ name: "Naveen", email: "naveen@example.in", mobile: "9111111111", createdAt: ist("2026-11-25T10:00") })
      .returning({ id: students.id });
    expect(await queueUncontactedAlerts(db, { ...on, now: ist("2026-11-25T11:59") })).toBe(0);
    expect(await queueUncontactedAlerts(db, { ...on, now: ist("2026-11-25T12:00") })).toBe(1);

    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    const received = (await mailServer.waitFor(2)).map((message) => ({
      ...message,
      text: message.text.replaceAll("\r\n", "\n"),
    }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The one admin, twice; Chitra (away, and no admin) and the counsellors get none.
    expect(mailServer.received.map((message) => message.to)).toEqual([
      ["admin@sampige.example"],
      ["admin@sampige.example"],
    ]);
    expect(received[0]?.subject).toBe("Not contacted in time: Meena Iyer");
    expect(received[0]?.text).toContain(
      "A new student has not been called, messaged or e-mailed within 2 working hours:",
    );
    expect(received[0]?.text).toContain(
      `- Meena Iyer, AI, IoT (owner Asha Rao): wrote in 24 Nov 2026, 12:00 pm\n  ${origin}/admin/students/${ids.meena}`,
    );
    expect(received[0]?.text).toContain(`The team's day on the desk: ${origin}/desk/team`);
    expect(received[1]?.subject).toBe("Not contacted in time: Naveen");
    expect(received[1]?.text).toContain(
      `- Naveen (unassigned): wrote in 25 Nov 2026, 10:00 am\n  ${origin}/admin/students/${late?.id}`,
    );
  });
});
