// Reminders by e-mail (decision 019), on both engines, delivered to a real SMTP server on
// 127.0.0.1: the notice to a new student's owner, the morning digest (what it says, once per
// account and day with two processes and after a restart, nobody who is away), and the admins'
// alert about new students not contacted in time.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { site } from "~/config/site";
import { setAway, setPool } from "../../app/admissions/assignment.server";
import { type MailSettings, type OutboxDelivery, startOutboxDelivery } from "../../app/admissions/notifications.server";
import { checkedReminderSettings, localClock } from "../../app/admissions/reminders.server";
import { action as registerAction } from "../../app/routes/online/register";
import { createStaff } from "../../app/staff/staff-accounts.server";
import type { StaffRole } from "../../app/staff/staff-roles";
import { outbox } from "../../db/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { describeEachEngine, useTestDatabase } from "./databases";
import { actionContext, formPost, settle, studentFormFields } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const origin = "http://localhost:3000";
const password = "correct horse battery staple kolam";

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

  async function staff(email: string, role: StaffRole, name = ""): Promise<string> {
    const created = await createStaff(database(), { email, role, password, name }, "reminder tests");
    if (!created.ok) throw new Error(created.error);
    return created.user.id;
  }

  beforeAll(async () => {
    mailServer = await startMailServer();
    mail = { smtpUrl: mailServer.url, from: `"${site.name}" <desk@sampige-academy.example>` };
  });
  afterAll(async () => {
    await mailServer.close();
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
    expect(notice?.text).toContain(`Open the record: ${origin}/onlineuser/iot/students/1`);
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
});
