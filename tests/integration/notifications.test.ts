// E-mail notifications through the outbox, against a real SMTP server on 127.0.0.1, on both
// engines: what arrives, a mail server that is down (nothing lost, the submit unaffected),
// retries and giving up, withdrawing consent from the acknowledgement's link, and the
// retention purge.
import { and, count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { site } from "~/config/site";
import {
  type MailSettings,
  type OutboxDelivery,
  startOutboxDelivery,
} from "../../app/admissions/submissions/notifications.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { listUndelivered, outboxSummary, retryMessage } from "../../app/platform/mail-outbox.server";
import { purgeExpired } from "../../app/privacy/data-protection.server";
import { findStudentEntries } from "../../app/privacy/student-data.server";
import { action as contactAction } from "../../app/routes/contact";
import { action as registerAction } from "../../app/routes/online/register";
import { action as withdrawAction, loader as withdrawLoader } from "../../app/routes/privacy/withdraw";
import { courses } from "../../app/site/content/courses";
import { setStartDate } from "../../app/site/start-dates.server";
import { listAudit } from "../../app/staff/audit-log.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { enquiries, outbox, registrations, studentFacts, students, studentTimeline } from "../../db/schema";
import { startMailServer, type TestMailServer } from "../support/mail-server";
import { describeEachEngine, useTestDatabase } from "./databases";
import { actionContext, formPost, settle, studentFormFields } from "./fixtures";
import { eventually } from "./site-process";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const origin = "http://localhost:3000";
const coordinator = "iot.coordinator@sampige-academy.example";
const iotTitle = courses.find((course) => course.id === "iot")?.title;
const form = studentFormFields;

const status = async (run: () => unknown) => (await settle(run)).status;

describeEachEngine("e-mail notifications", (engine) => {
  const test = useTestDatabase(engine);
  const database = () => test.current.database;
  let mailServer: TestMailServer;
  let mail: MailSettings;
  let delivery: OutboxDelivery | undefined;

  const register = (fields: Record<string, string>, settings: MailSettings | null = mail) =>
    status(() =>
      registerAction({
        request: formPost(`${origin}/online/register`, { ...fields, token: crypto.randomUUID() }),
        context: actionContext(database(), { mail: settings }),
        params: {},
      } as never),
    );
  const enquire = (fields: Record<string, string>, settings: MailSettings | null = mail) =>
    status(() =>
      contactAction({
        request: formPost(`${origin}/contact`, { ...fields, token: crypto.randomUUID() }),
        context: actionContext(database(), { mail: settings }),
        params: {},
      } as never),
    );

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
    mailServer.refusing = false;
  });
  afterEach(async () => {
    await delivery?.close();
    delivery = undefined;
  });

  it("tells a course's counsellors limited to other branches nothing of a student of a known branch", async () => {
    const { db } = database();
    for (const [email, branches] of [
      ["iot.chennai@sampige-academy.example", ["chennai"]],
      ["iot.bangalore@sampige-academy.example", ["bangalore"]],
      ["iot.anywhere@sampige-academy.example", []],
    ] as const) {
      const created = await createStaff(
        database(),
        { email, role: "counsellor", courses: ["iot"], branches, password: "correct horse battery staple kolam" },
        "notification tests",
      );
      expect(created.ok).toBe(true);
    }
    const coordinatorsTold = async () =>
      (await db.select({ recipient: outbox.recipient }).from(outbox).where(eq(outbox.kind, "coordinator")))
        .map((row) => row.recipient)
        .sort();
    // Karnataka: guessed Bangalore.
    expect(await register({ ...form, course: "iot" })).toBe(302);
    expect(await coordinatorsTold()).toEqual([
      "iot.anywhere@sampige-academy.example",
      "iot.bangalore@sampige-academy.example",
    ]);
    await db.delete(outbox);
    // Kerala: no branch known yet, so every counsellor of the course hears of them.
    expect(
      await register({
        ...form,
        course: "iot",
        state: "kerala",
        district: "Kannur",
        mobile: "9845099999",
        email: "kerala@example.in",
      }),
    ).toBe(302);
    expect(await coordinatorsTold()).toHaveLength(3);
  });

  it("tells the institute, the course's coordinators and the student about a registration", async () => {
    const { db } = database();
    const created = await createStaff(
      database(),
      {
        email: coordinator,
        role: "counsellor",
        courses: ["iot"],
        password: "correct horse battery staple kolam",
      },
      "notification tests",
    );
    expect(created.ok).toBe(true);
    await setStartDate(db, "iot", "5 January 2031");

    expect(await register({ ...form, course: "iot" })).toBe(302);
    // Written with the registration, before anything is sent.
    expect((await outboxSummary(db)).pending).toBe(3);

    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    const received = await mailServer.waitFor(3);
    const to = (address: string) => received.find((message) => message.to.includes(address));
    expect(received.flatMap((message) => message.to).sort()).toEqual([site.email, coordinator, form.email].sort());

    const institute = to(site.email);
    expect(institute?.subject).toBe(`New registration for ${iotTitle}: Kavya Shetty`);
    expect(institute?.text).toContain("Mobile: 9845012345");
    expect(institute?.text).toContain(`${origin}/admin/registers`);
    expect(to(coordinator)?.text).toContain(`${origin}/onlineuser/iot`);

    const student = to(form.email);
    expect(student?.subject).toBe(`Your registration for ${iotTitle} at ${site.name}`);
    expect(student?.text).toContain("Dear Kavya Shetty,");
    expect(student?.text).toContain(`Your course: ${iotTitle}`);
    expect(student?.text).toContain("Next batch starts: 5 January 2031");
    expect(student?.text).toContain(`https://wa.me/${site.whatsapp.number}?text=`);
    expect(student?.text).toMatch(/\/privacy\/withdraw\?ref=registration-1-[\w-]{32}/);
    await eventually("3 messages sent", async () => (await outboxSummary(db)).sent === 3);
  });

  it("lists every course's batch in an enquiry's acknowledgement, Starting soon where none is set", async () => {
    await setStartDate(database().db, "embedded", "12 January 2031");
    expect(await enquire(form)).toBe(302);
    delivery = startOutboxDelivery(database().db, mail, { pollMs: 50 });
    const received = await mailServer.waitFor(2);
    const student = received.find((message) => message.to.includes(form.email));
    expect(student?.subject).toBe(`We have your enquiry, ${site.name}`);
    expect(student?.text).toContain("- Embedded Systems: 12 January 2031");
    expect(student?.text).toContain("- Artificial Intelligence: Starting soon");
    expect(received.find((message) => message.to.includes(site.email))?.subject).toBe("New enquiry: Kavya Shetty");
  });

  it("acknowledges at most 3 submissions a day to one address, and stores every one", async () => {
    const { db } = database();
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const target = "flood.target@example.in";
    // Each from another client, so only the limit per address applies; "+tags" reach the same mailbox.
    const emails = [target, target, "flood.target+1@example.in", "Flood.Target@example.in", target, target];
    for (const email of emails.slice(0, 4)) expect(await enquire({ ...form, email })).toBe(302);
    for (const email of emails.slice(4)) expect(await register({ ...form, email, course: "iot" })).toBe(302);
    const lines = warnings.mock.calls.map((call) => call.join(" "));
    warnings.mockRestore();

    expect((await findStudentEntries(db, { mobile: form.mobile })).length).toBe(6);
    const queued = await db.select({ kind: outbox.kind, recipient: outbox.recipient }).from(outbox);
    expect(queued.filter((message) => message.kind === "institute")).toHaveLength(6);
    expect(queued.filter((message) => message.kind === "acknowledgement")).toHaveLength(3);
    // One line for each acknowledgement left out, with no address, name or number in it.
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatch(
        /^No acknowledgement e-mail for (enquiry|registration) \d+: the limit for its recipient address was reached\.$/,
      );
    }
    // Another address is acknowledged as usual.
    expect(await enquire({ ...form, email: "someone.else@example.in" })).toBe(302);
    const others = await db.select().from(outbox).where(eq(outbox.recipient, "someone.else@example.in"));
    expect(others).toHaveLength(1);
  });

  it("acknowledges at most 10 submissions a day sent from one client address", async () => {
    const { db } = database();
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    for (let i = 0; i < 12; i++) {
      const request = formPost(`${origin}/contact`, {
        ...form,
        email: `victim${i}@example.in`,
        token: crypto.randomUUID(),
      });
      const answer = await settle(() =>
        contactAction({
          request,
          context: actionContext(database(), { mail, address: "203.0.113.9" }),
          params: {},
        } as never),
      );
      expect(answer.status).toBe(302);
    }
    const lines = warnings.mock.calls.map((call) => call.join(" "));
    warnings.mockRestore();
    expect((await findStudentEntries(db, { mobile: form.mobile })).length).toBe(12);
    const acknowledgements = await db.select().from(outbox).where(eq(outbox.kind, "acknowledgement"));
    expect(acknowledgements).toHaveLength(10);
    expect(lines).toEqual([
      expect.stringMatching(/: the limit for the sending client was reached\.$/),
      expect.stringMatching(/: the limit for the sending client was reached\.$/),
    ]);
    expect(lines.join(" ")).not.toContain("203.0.113.9");
  });

  it("puts nothing the student typed in the acknowledgement's subject, and a long name with HTML is cut, as plain text", async () => {
    // As long as the form takes (100 characters), with markup, and Kannada letters with vowel
    // signs (two code points each, one character to a reader) where the name is cut.
    const name = `<b>Kavya</b> <i>Shetty</i> ${"ಶೆ".repeat(20)}${"x".repeat(33)}`;
    expect(await enquire({ ...form, name })).toBe(302);
    expect(await register({ ...form, name, course: "iot" })).toBe(302);
    delivery = startOutboxDelivery(database().db, mail, { pollMs: 50 });
    const received = await mailServer.waitFor(4);
    const acknowledgements = received.filter((message) => message.to.includes(form.email));
    expect(acknowledgements.map((message) => message.subject).sort()).toEqual(
      [`We have your enquiry, ${site.name}`, `Your registration for ${iotTitle} at ${site.name}`].sort(),
    );
    const shown = `<b>Kavya</b> <i>Shetty</i> ${"ಶೆ".repeat(12)}…`;
    // One plain-text part in every message: no mail program reads the name as markup.
    for (const message of received) expect(message.contentType).toMatch(/^text\/plain;/);
    for (const message of acknowledgements) {
      expect(message.text).toContain(`Dear ${shown},`);
      expect(message.text).not.toContain("xxx");
    }
    // The institute's own messages name the student in the subject, cut the same way.
    const institute = received.filter((message) => message.to.includes(site.email));
    expect(institute.map((message) => message.subject).sort()).toEqual(
      [`New enquiry: ${shown}`, `New registration for ${iotTitle}: ${shown}`].sort(),
    );
  });

  it("puts the acknowledgement on the student's timeline once it has gone out, not as a counsellor's contact", async () => {
    const { db } = database();
    expect(await register({ ...form, course: "iot" })).toBe(302);
    const [registration] = await db.select().from(registrations);
    const studentId = registration?.studentId ?? 0;
    const sentEntries = () =>
      db
        .select()
        .from(studentTimeline)
        .where(and(eq(studentTimeline.studentId, studentId), eq(studentTimeline.kind, "email_sent")));
    // Queued is not sent: nothing on the timeline yet.
    expect(await sentEntries()).toEqual([]);

    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    await mailServer.waitFor(2);
    await eventually("the acknowledgement on the timeline", async () => (await sentEntries()).length === 1);
    const [entry] = await sentEntries();
    expect(entry?.detail).toEqual({
      what: "acknowledgement",
      subject: `Your registration for ${iotTitle} at ${site.name}`,
      form: "registration",
      submissionId: registration?.id,
    });
    expect(entry?.actorId).toBeNull();
    // The student is still new and never contacted: the desk's and the report's first contact wait for a person.
    const [record] = await db.select().from(students).where(eq(students.id, studentId));
    expect(record?.contactedAt).toBeNull();
    const [facts] = await db.select().from(studentFacts).where(eq(studentFacts.studentId, studentId));
    expect(facts?.firstContactAt ?? null).toBeNull();
  });

  it("keeps every submission and message while the mail server refuses, and delivers on a later try", async () => {
    const { db } = database();
    mailServer.refusing = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // The submit never talks to the mail server: it answers as usual.
    for (let i = 0; i < 3; i++) expect(await enquire({ ...form, email: `student${i}@example.in` })).toBe(302);
    expect((await findStudentEntries(db, { mobile: form.mobile })).length).toBe(3);

    delivery = startOutboxDelivery(db, mail, { pollMs: 50, retryDelaysMs: [100, 100, 100, 100] });
    await eventually("6 messages waiting", async () => (await listUndelivered(db)).length === 6);
    const failing = await listUndelivered(db);
    expect(failing.every((message) => message.status === "pending" && /451/.test(message.lastError ?? ""))).toBe(true);
    expect(mailServer.received).toHaveLength(0);

    mailServer.refusing = false;
    await mailServer.waitFor(6);
    await eventually("6 messages sent", async () => (await outboxSummary(db)).sent === 6);
    expect(await listUndelivered(db)).toEqual([]);
    errors.mockRestore();
  });

  it("gives up after the last retry, shows the failure, and sends again when asked", async () => {
    const { db } = database();
    mailServer.refusing = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await enquire(form)).toBe(302);
    delivery = startOutboxDelivery(db, mail, { pollMs: 30, retryDelaysMs: [30, 30] });
    await eventually("2 messages given up", async () => (await outboxSummary(db)).failed === 2);
    const failed = await listUndelivered(db);
    expect(failed.map((message) => [message.status, message.attempts])).toEqual([
      ["failed", 3],
      ["failed", 3],
    ]);
    expect(errors.mock.calls.some((call) => /Giving up/.test(String(call[0])))).toBe(true);

    mailServer.refusing = false;
    for (const message of failed) expect(await retryMessage(db, message.id)).toBe(true);
    await mailServer.waitFor(2);
    await eventually("2 messages sent", async () => (await outboxSummary(db)).sent === 2);
    errors.mockRestore();
  });

  it("queues nothing when notifications are off", async () => {
    expect(await enquire(form, null)).toBe(302);
    expect(await outboxSummary(database().db)).toEqual({ pending: 0, retrying: 0, failed: 0, sent: 0 });
  });

  it("lets the student withdraw consent from the acknowledgement, deleting their entries and mail", async () => {
    const { db } = database();
    expect(await enquire(form)).toBe(302);
    expect(await register({ ...form, course: "ai" })).toBe(302);
    expect(await enquire({ ...form, email: "someone.else@example.in", mobile: "9000000001" })).toBe(302);
    delivery = startOutboxDelivery(db, mail, { pollMs: 50 });
    const received = await mailServer.waitFor(6);
    const acknowledgement = received.find((m) => m.to.includes(form.email) && /enquiry/.test(m.subject));
    const link = /(\/privacy\/withdraw\?ref=[\w-]+)/.exec(acknowledgement?.text ?? "")?.[1];
    expect(link).toBeDefined();

    // Opening the link only asks.
    const asked = await withdrawLoader({
      request: new Request(origin + link),
      context: actionContext(database(), { mail }),
      params: {},
    } as never);
    expect(asked).toMatchObject({ state: "ask", email: "k•••••••••••@example.in", count: 2 });
    expect((await findStudentEntries(db, { email: form.email })).length).toBe(2);

    const reference = new URL(origin + link).searchParams.get("ref") ?? "";
    const done = await withdrawAction({
      request: formPost(`${origin}/privacy/withdraw`, { ref: reference }),
      context: actionContext(database(), { mail }),
      params: {},
    } as never);
    expect((done as Response).headers.get("location")).toBe("/privacy/withdraw?done=1");
    expect(await findStudentEntries(db, { email: form.email })).toEqual([]);
    // The other student's entry and mail stay.
    expect((await findStudentEntries(db, { email: "someone.else@example.in" })).length).toBe(1);
    const remaining = await db.select({ recipient: outbox.recipient }).from(outbox);
    expect(remaining.map((row) => row.recipient)).not.toContain(form.email);
    expect(remaining).toHaveLength(2);
    const { rows } = await listAudit(db);
    expect(rows[0]).toMatchObject({
      actor: "student (withdrawal link)",
      action: "consent.withdraw",
      subject: "1 enquiry and 1 registration",
    });
    expect(JSON.stringify(rows[0])).not.toContain("kavya");

    // The same link again, or a forged one, changes nothing.
    const again = await withdrawLoader({
      request: new Request(origin + link),
      context: actionContext(database(), { mail }),
      params: {},
    } as never);
    expect(again).toEqual({ state: "unknown" });
    const forged = reference.replace(/-(\d+)-/, "-3-");
    expect(
      await status(() =>
        withdrawAction({
          request: formPost(`${origin}/privacy/withdraw`, { ref: forged }),
          context: actionContext(database(), { mail }),
          params: {},
        } as never),
      ),
    ).toBe(400);
    expect((await findStudentEntries(db, { email: "someone.else@example.in" })).length).toBe(1);
  });

  it("deletes entries older than the retention period, with their mail, and says how many", async () => {
    const { db } = database();
    const old = await createSubmission(db, "enquiry", { ...form }, { submissionToken: crypto.randomUUID() });
    const recent = await createSubmission(db, "enquiry", { ...form }, { submissionToken: crypto.randomUUID() });
    const now = new Date("2026-11-23T10:00:00Z");
    await db
      .update(enquiries)
      .set({ createdAt: new Date("2024-11-20T10:00:00Z") })
      .where(eq(enquiries.id, old.id));
    await db
      .update(enquiries)
      .set({ createdAt: new Date("2024-11-25T10:00:00Z") })
      .where(eq(enquiries.id, recent.id));
    await db.insert(outbox).values({
      kind: "acknowledgement",
      submissionKind: "enquiry",
      submissionId: old.id,
      recipient: form.email,
      subject: "old",
      body: "old",
    });
    const result = await purgeExpired(db, { now });
    expect(result).toMatchObject({ enquiries: 1, registrations: 0 });
    expect(result.cutoff.toISOString()).toBe("2024-11-23T10:00:00.000Z");
    const left = await db.select({ id: enquiries.id }).from(enquiries);
    expect(left).toEqual([{ id: recent.id }]);
    expect(await db.select({ n: count() }).from(outbox)).toEqual([{ n: 0 }]);
    expect((await listAudit(db)).rows[0]).toMatchObject({
      action: "retention.purge",
      subject: "1 enquiry and 0 registrations",
    });
  });
});
