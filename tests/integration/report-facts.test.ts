// The facts the owner's report reads (student_facts, student_follow_ups: migrations 0018 and
// 0021) follow every kind of write, on both engines: forms arriving, notes, contacts, stage,
// owner and follow-up changes, the record's own fields written by hand, merges, erasure and the
// retention purge. After each step the stored facts are what
// a recomputation from the whole timeline gives, so no write path leaves them behind.
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { mergeStudentRecords } from "../../app/admissions/merge/student-merge.server";
import { ownersReport } from "../../app/admissions/owners-report/owners-report.server";
import { addNote, editStudentRecord, logContact } from "../../app/admissions/records/record-edits.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { getStudentRecord } from "../../app/admissions/records/student-records.server";
import type { Actor } from "../../app/admissions/records/student-timeline.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { eraseEntries, purgeExpired } from "../../app/privacy/data-protection.server";
import {
  enquiries,
  registrations,
  studentFacts,
  studentFollowUps,
  students,
  studentTimeline,
  user,
} from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

const actor: Actor = { id: "desk", email: "desk@example.in" };
let tokens = 0;
const campaign = (source: string) => ({
  landingPage: "/contact",
  utmSource: source,
  utmMedium: "cpc",
  utmCampaign: `${source}-2026`,
});

describeEachEngine("the owner's report's stored facts", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  beforeEach(async () => {
    await test.current.truncate();
  });

  async function arrive(overrides: Parameters<typeof student>[0], source: string, kind = "registration" as const) {
    const stored = await createSubmission(db(), kind, student(overrides), {
      submissionToken: `facts-${++tokens}`,
      firstTouch: campaign(source),
    });
    return stored.studentId as number;
  }

  async function enquire(overrides: Parameters<typeof student>[0], source: string) {
    const { course: _course, ...enquiry } = student(overrides);
    return (
      await createSubmission(db(), "enquiry", enquiry, {
        submissionToken: `facts-${++tokens}`,
        firstTouch: campaign(source),
      })
    ).studentId as number;
  }

  const factsOf = async (id: number) =>
    (await db().select().from(studentFacts).where(eq(studentFacts.studentId, id)))[0];
  const followUpsOf = async (id: number) =>
    db().select().from(studentFollowUps).where(eq(studentFollowUps.studentId, id)).orderBy(studentFollowUps.entryId);
  const version = async (id: number) => (await getStudentRecord(db(), id, everyRecord))?.version as number;
  // The version is read first: the embedded database has one connection, held by a transaction.
  const edit = async (id: number, change: Parameters<typeof editStudentRecord>[3]) => {
    const current = await version(id);
    return db().transaction((tx) => editStudentRecord(tx, id, current, change, actor, everyRecord));
  };
  const contact = (id: number, nextFollowUpAt?: Date) =>
    db().transaction((tx) =>
      logContact(tx, id, { channel: "call", outcome: "connected", note: "", nextFollowUpAt }, actor, everyRecord),
    );

  /** Every stored fact, as rows. */
  async function stored() {
    return {
      facts: await db().select().from(studentFacts).orderBy(studentFacts.studentId),
      followUps: await db().select().from(studentFollowUps).orderBy(studentFollowUps.entryId),
    };
  }

  /** The stored facts equal a recomputation of every record from scratch. */
  async function expectCurrent() {
    const before = await stored();
    await db().execute(sql`select refresh_student_facts(array(select id from students))`);
    expect(await stored()).toEqual(before);
  }

  it("follow forms, notes, contacts, stage changes and follow-ups as they are written", async () => {
    const id = await arrive({ course: "iot" }, "google");
    expect(await factsOf(id)).toMatchObject({
      firstContactAt: null,
      furthestStage: null,
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "google-2026",
    });
    // A later form from another campaign: the first touch stays the first form's.
    expect(await enquire({}, "instagram")).toBe(id);
    expect((await factsOf(id))?.utmSource).toBe("google");
    await db().transaction((tx) => addNote(tx, id, "Asked for the fees.", actor, everyRecord));
    expect((await factsOf(id))?.firstContactAt).toBeNull();
    await expectCurrent();

    // A follow-up set on its own, then a call: the call is the first contact and keeps the follow-up.
    const due = new Date(Date.now() + 2 * 86_400_000);
    await edit(id, { nextFollowUpAt: due });
    expect(await followUpsOf(id)).toMatchObject([{ dueAt: due, done: false, moved: false }]);
    await contact(id);
    const [call] = await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "call"));
    expect((await factsOf(id))?.firstContactAt).toEqual(call?.at);
    expect(await followUpsOf(id)).toMatchObject([{ dueAt: due, done: true, moved: false }]);
    // Another follow-up set before the first fell due moves it; a second call is not the first contact.
    const later = new Date(Date.now() + 5 * 86_400_000);
    await edit(id, { nextFollowUpAt: later });
    expect(await followUpsOf(id)).toMatchObject([
      { dueAt: due, done: true, moved: true },
      { dueAt: later, done: false, moved: false },
    ]);
    await contact(id);
    expect((await factsOf(id))?.firstContactAt).toEqual(call?.at);
    expect((await followUpsOf(id))[1]).toMatchObject({ dueAt: later, done: true });
    // Clearing the follow-up is an entry without a time: not a follow-up of its own.
    await edit(id, { nextFollowUpAt: null });
    expect(await followUpsOf(id)).toHaveLength(2);

    await edit(id, { stage: "visit" });
    expect((await factsOf(id))?.furthestStage).toBe("visit");
    // Going back, or being lost, leaves the furthest stage reached.
    await edit(id, { stage: "contacted" });
    await edit(id, { stage: "lost", lostReason: "fees" });
    expect((await factsOf(id))?.furthestStage).toBe("visit");
    await expectCurrent();

    const report = await ownersReport(
      db(),
      { from: "2020-01-01", to: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10) },
      new Date(Date.now() + 30 * 86_400_000),
    );
    expect(report.total).toMatchObject({ newStudents: 1, contacted: 1, contactedWithin1h: 1, lost: 1 });
    expect(report.total.reached).toMatchObject({ new: 1, contacted: 1, counselled: 1, visit: 1, applied: 0 });
    expect(report.bySource.map((row) => row.key)).toEqual(["google"]);
    // A call came before each fell due (the first was moved after its call): both on time.
    expect(report.total.followUps).toEqual({ onTime: 2, missed: 0 });
  });

  it("follow the record itself: arrival, owner, first course, stage and lost reason, however written", async () => {
    await db()
      .insert(user)
      .values(["asha", "ravi"].map((id) => ({ id, name: id, email: `${id}@example.in`, emailVerified: true })));
    const id = await arrive({ course: "iot" }, "google");
    const arrivedAt = (await db().select().from(students).where(eq(students.id, id)))[0]?.createdAt;
    expect(await factsOf(id)).toMatchObject({
      createdAt: arrivedAt,
      ownerId: null,
      course: "iot",
      stage: "new",
      lostReason: null,
      responseMinutes: null,
      reached: 1,
    });
    const due = new Date(Date.now() + 86_400_000);
    await edit(id, { ownerId: "asha", nextFollowUpAt: due });
    expect(await factsOf(id)).toMatchObject({ ownerId: "asha" });
    expect(await followUpsOf(id)).toMatchObject([{ dueAt: due, ownerId: "asha", course: "iot" }]);

    // A call 90 minutes after arrival: the minutes to the first contact.
    await db()
      .update(students)
      .set({ createdAt: new Date(Date.now() - 90 * 60_000) })
      .where(eq(students.id, id));
    await contact(id);
    const [call] = await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "call"));
    const arrival = (await db().select().from(students).where(eq(students.id, id)))[0]?.createdAt as Date;
    const facts = await factsOf(id);
    expect(facts?.createdAt).toEqual(arrival);
    const callAt = call?.at as Date;
    expect(facts?.responseMinutes).toBeCloseTo((callAt.getTime() - arrival.getTime()) / 60_000, 3);
    expect(facts?.reached).toBe(1);

    // Written by hand, not through the desk (no timeline entry): the record's fields still count.
    await db()
      .update(students)
      .set({ ownerId: "ravi", courses: ["embedded", "iot"], stage: "applied" })
      .where(eq(students.id, id));
    expect(await factsOf(id)).toMatchObject({ ownerId: "ravi", course: "embedded", stage: "applied", reached: 5 });
    expect(await followUpsOf(id)).toMatchObject([{ ownerId: "ravi", course: "embedded" }]);
    // Lost after Applied: the stage reached before stays (the stage entry's "from" shows it).
    await edit(id, { stage: "lost", lostReason: "fees" });
    expect(await factsOf(id)).toMatchObject({ stage: "lost", lostReason: "fees", reached: 5 });
    // The owner's account removed: the record, and its facts, are unassigned.
    await db().delete(user).where(eq(user.id, "ravi"));
    expect(await factsOf(id)).toMatchObject({ ownerId: null });
    expect(await followUpsOf(id)).toMatchObject([{ ownerId: null }]);
    await expectCurrent();
  });

  it("follow a merge: the kept record gains the earlier first contact, first form, stages and follow-ups", async () => {
    const kept = await arrive({ name: "Priya Raman", mobile: "9845012345", email: "p1@example.in" }, "google");
    const other = await enquire({ name: "Priya R", mobile: "9000000001", email: "p2@example.in" }, "instagram");
    // The other record was worked first: its contact and follow-up are the earlier ones.
    await db()
      .update(registrations)
      .set({ createdAt: new Date(Date.now() + 1_000) });
    await db()
      .update(studentTimeline)
      .set({ at: new Date(Date.now() + 1_000) })
      .where(eq(studentTimeline.studentId, kept));
    const due = new Date(Date.now() + 86_400_000);
    await edit(other, { nextFollowUpAt: due, stage: "counselled" });
    await contact(other);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await contact(kept);
    const otherFacts = await factsOf(other);
    expect((await factsOf(kept))?.firstContactAt?.getTime()).toBeGreaterThan(
      otherFacts?.firstContactAt?.getTime() ?? 0,
    );

    const versions = { kept: await version(kept), merged: await version(other) };
    const result = await db().transaction((tx) =>
      mergeStudentRecords(tx, { keptId: kept, mergedId: other }, versions, actor),
    );
    expect(result.ok).toBe(true);
    expect(await factsOf(kept)).toMatchObject({
      firstContactAt: otherFacts?.firstContactAt,
      furthestStage: "counselled",
      utmSource: "instagram",
    });
    expect(await factsOf(other)).toBeUndefined();
    expect(await followUpsOf(kept)).toMatchObject([{ dueAt: due, done: true }]);
    await expectCurrent();
  });

  it("take the earliest form as the first touch, whatever order forms are written in", async () => {
    // Forms written out of time order, as a restore or a copy to PostgreSQL writes them: table by
    // table, several in one statement. Each is the first touch only if nothing comes before it.
    const id = await arrive({}, "google");
    const form = (source: string, at: string, token: string) => sql`(
      'Asha', 'asha@example.in', '9876543210', 'B.E', 'ECE', 'karnataka', 'Udupi', ${token}, ${id},
      ${source}, 'cpc', ${`${source}-2026`}, ${at}::timestamptz, 'iot')`;
    const columns = sql.raw(
      "(name, email, mobile, stream, major, state, district, submission_token, student_id, utm_source, utm_medium, utm_campaign, created_at, course)",
    );
    // Two earlier enquiries in one statement, the later one first: the earlier is the first touch.
    await db().execute(
      sql`insert into enquiries ${columns} values ${form("instagram", "2026-03-02T10:00:00Z", "early-2")}, ${form("newspaper", "2026-03-01T10:00:00Z", "early-1")}`,
    );
    expect((await factsOf(id))?.utmSource).toBe("newspaper");
    await expectCurrent();
    // A registration between them and one later than every form change nothing.
    await db().execute(
      sql`insert into registrations ${columns} values ${form("youtube", "2026-03-01T12:00:00Z", "mid")}, ${form("radio", "2030-01-01T00:00:00Z", "late")}`,
    );
    expect((await factsOf(id))?.utmSource).toBe("newspaper");
    await expectCurrent();
    // A form with the same campaign as the first touch, earlier still: the first touch is its own.
    await db().execute(
      sql`insert into registrations ${columns} values ${form("newspaper", "2026-02-01T10:00:00Z", "first")}`,
    );
    expect(await factsOf(id)).toMatchObject({ utmSource: "newspaper", utmCampaign: "newspaper-2026" });
    await expectCurrent();
  });

  it("follow erasure and the retention purge: a form erased, then the whole record", async () => {
    const id = await arrive({}, "google");
    expect(await enquire({}, "instagram")).toBe(id);
    await edit(id, { nextFollowUpAt: new Date(Date.now() + 86_400_000) });
    const [first] = await db().select({ id: registrations.id }).from(registrations);
    // The first form erased: the first touch is the remaining form's.
    await eraseEntries(db(), [{ kind: "registration", id: first?.id as number }], {
      actor: "admin@example.in",
      action: "student-data.delete",
    });
    expect((await factsOf(id))?.utmSource).toBe("instagram");
    await expectCurrent();

    // Every form past the retention period: the record and every fact of it go.
    const other = await arrive({ mobile: "9000000002", email: "other@example.in" }, "whatsapp");
    await edit(other, { nextFollowUpAt: new Date(Date.now() + 86_400_000) });
    await purgeExpired(db(), { now: new Date(Date.now() + 10 * 365 * 86_400_000), months: 24 });
    expect(await db().select().from(enquiries)).toEqual([]);
    expect(await stored()).toEqual({ facts: [], followUps: [] });
  });
});
