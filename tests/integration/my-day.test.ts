// My day's groups on both engines, at their boundaries: a follow-up due before now, at now, at
// 23:59 and at midnight in India (not UTC), new students never contacted, recently active
// records, and the new students nobody contacted within two working hours.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { handleDayLog, loadMyDay, navCounts } from "../../app/admissions/my-day/day-desk.server";
import {
  type DayGroup,
  type DaySettings,
  dayCounts,
  dayOf,
  findUncontacted,
  teamDay,
} from "../../app/admissions/my-day/my-day.server";
import { logContact } from "../../app/admissions/records/record-edits.server";
import { loadRecordList } from "../../app/admissions/records/record-list.server";
import type { StudentStage } from "../../app/admissions/records/student-stages";
import { openDatabase } from "../../app/platform/database.server";
import type { StaffUser } from "../../app/staff/permissions.server";
import { auditLog, staffAvailability, students, studentTimeline, user } from "../../db/schema";
import { createPostgresDatabase, describeEachEngine, useTestDatabase } from "./databases";
import { copyPgliteTemplate } from "./template-copies";

/** A moment given in India time: "2026-11-25T23:59" (25 Nov 2026 is a Wednesday). */
const ist = (local: string) => new Date(`${local}:00+05:30`);
const day = 24 * 60 * 60_000;

const settings: DaySettings = {
  workingHours: { days: ["mon", "tue", "wed", "thu", "fri", "sat"], start: "09:30", end: "18:30" },
  firstContactWithinMinutes: 120,
  recentDays: 7,
};

describeEachEngine("my day", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let mobiles = 0;

  beforeEach(async () => {
    await test.current.truncate();
    await db()
      .insert(user)
      .values([
        { id: "anita", name: "Anita", email: "anita@sampige.example", role: "counsellor" },
        { id: "bharath", name: "Bharath", email: "bharath@sampige.example", role: "counsellor" },
        { id: "chitra", name: "Chitra", email: "chitra@sampige.example", role: "counsellor" },
        { id: "root", name: "Admin", email: "admin@sampige.example", role: "admin" },
      ]);
  });

  /** A record as the desk would have left it. */
  async function record(fields: {
    name: string;
    owner?: string | null;
    stage?: StudentStage;
    followUp?: Date | null;
    created?: Date;
    updated?: Date;
    contacted?: Date | null;
    courses?: string[];
  }): Promise<number> {
    mobiles += 1;
    const created = fields.created ?? ist("2026-11-01T10:00");
    const [row] = await db()
      .insert(students)
      .values({
        name: fields.name,
        email: `s${mobiles}@example.in`,
        mobile: `9${String(mobiles).padStart(9, "0")}`,
        courses: (fields.courses ?? ["iot"]) as never,
        stage: fields.stage ?? "contacted",
        lostReason: fields.stage === "lost" ? "fees" : null,
        ownerId: fields.owner === undefined ? "anita" : fields.owner,
        nextFollowUpAt: fields.followUp ?? null,
        createdAt: created,
        updatedAt: fields.updated ?? created,
        contactedAt: fields.contacted === undefined ? (fields.stage === "new" ? null : created) : fields.contacted,
      })
      .returning({ id: students.id });
    return row?.id as number;
  }

  const names = (rows: { name: string }[]) => rows.map((row) => row.name);
  const groupsOf = async (owner: string | null, now: Date, options = {}) => {
    const result = await dayOf(db(), owner, { now, settings, ...options });
    return Object.fromEntries(
      Object.entries(result.groups).map(([group, list]) => [group, names(list.rows)]),
    ) as Record<DayGroup, string[]>;
  };

  it("puts a follow-up due before now in overdue, from now to 23:59 India time in today, midnight in neither", async () => {
    // 23:30 in India on Wednesday is 18:00 UTC: India's midnight comes at 18:30 UTC.
    const now = ist("2026-11-25T23:30");
    await record({ name: "Yesterday", followUp: ist("2026-11-24T11:00") });
    await record({ name: "This morning", followUp: ist("2026-11-25T10:00") });
    await record({ name: "A second ago", followUp: new Date(now.getTime() - 1000) });
    await record({ name: "Now", followUp: now });
    await record({ name: "At 23:59", followUp: ist("2026-11-25T23:59") });
    await record({ name: "At midnight", followUp: ist("2026-11-26T00:00") });
    await record({ name: "Next week", followUp: ist("2026-12-02T10:00") });
    const groups = await groupsOf("anita", now);
    expect(groups.overdue).toEqual(["Yesterday", "This morning", "A second ago"]);
    expect(groups.today).toEqual(["Now", "At 23:59"]);
    expect(groups.new).toEqual([]);
    expect(groups.recent).toEqual([]);

    // One minute later the 23:59 follow-up is overdue; after midnight in India, midnight's is today.
    const later = await groupsOf("anita", ist("2026-11-26T00:00"));
    expect(later.overdue).toEqual(["Yesterday", "This morning", "A second ago", "Now", "At 23:59"]);
    expect(later.today).toEqual(["At midnight"]);
  });

  it("measures today in India, not UTC, on either side of UTC's midnight", async () => {
    // 05:45 in India on Thursday is 00:15 UTC: both calendars say the 26th, but today ends at 18:30 UTC.
    await record({ name: "Thursday 23:59 IST", followUp: ist("2026-11-26T23:59") });
    await record({ name: "Friday 01:30 IST (still the 26th in UTC)", followUp: new Date("2026-11-26T20:00:00Z") });
    const morning = await groupsOf("anita", new Date("2026-11-26T00:15:00Z"));
    expect(morning.today).toEqual(["Thursday 23:59 IST"]);
    // 03:00 in India on Thursday is 21:30 UTC on Wednesday: UTC's "today" would miss the Thursday follow-up.
    const night = await groupsOf("anita", new Date("2026-11-25T21:30:00Z"));
    expect(night.today).toEqual(["Thursday 23:59 IST"]);
    expect(night.overdue).toEqual([]);
  });

  it("lists new students never contacted, the longest waiting first, and each record in one group only", async () => {
    const now = ist("2026-11-25T12:00");
    await record({ name: "New today", stage: "new", created: ist("2026-11-25T11:00") });
    await record({ name: "New last week", stage: "new", created: ist("2026-11-18T11:00") });
    await record({
      name: "New, called",
      stage: "new",
      created: ist("2026-11-25T09:00"),
      contacted: ist("2026-11-25T09:40"),
    });
    await record({
      name: "New, follow-up today",
      stage: "new",
      created: ist("2026-11-24T11:00"),
      followUp: ist("2026-11-25T16:00"),
    });
    await record({
      name: "New, follow-up next week",
      stage: "new",
      created: ist("2026-11-24T12:00"),
      followUp: ist("2026-12-02T10:00"),
    });
    await record({ name: "Worked on yesterday", updated: ist("2026-11-24T15:00") });
    await record({ name: "Worked on 6 days ago", updated: ist("2026-11-19T12:30") });
    await record({ name: "Worked on 8 days ago", updated: ist("2026-11-17T12:00") });
    await record({
      name: "Lost yesterday",
      stage: "lost",
      updated: ist("2026-11-24T16:00"),
      followUp: ist("2026-11-24T10:00"),
    });
    await record({ name: "Enrolled, follow-up due", stage: "enrolled", followUp: ist("2026-11-25T11:00") });
    await record({ name: "Someone else's", owner: "bharath", stage: "new", created: ist("2026-11-25T10:00") });
    await record({ name: "Nobody's", owner: null, stage: "new", created: ist("2026-11-25T10:30") });

    const groups = await groupsOf("anita", now);
    expect(groups).toEqual({
      overdue: ["Enrolled, follow-up due"],
      today: ["New, follow-up today"],
      new: ["New last week", "New, follow-up next week", "New today"],
      recent: ["New, called", "Worked on yesterday", "Worked on 6 days ago"],
    });
    expect((await groupsOf(null, now)).new).toEqual(["Nobody's"]);
    expect((await groupsOf("bharath", now)).new).toEqual(["Someone else's"]);
  });

  it("shows the first rows of a group with the group's total, and only records in the staff member's scope", async () => {
    const now = ist("2026-11-25T12:00");
    for (let index = 0; index < 12; index++) {
      await record({
        name: `Overdue ${index}`,
        followUp: new Date(ist("2026-11-20T10:00").getTime() + index * 60_000),
      });
    }
    await record({ name: "AI, overdue", courses: ["ai"], followUp: ist("2026-11-19T10:00") });
    const day = await dayOf(db(), "anita", { now, settings, limit: 5, scope: { all: false, courses: ["iot"] } });
    expect(names(day.groups.overdue.rows)).toEqual(["Overdue 0", "Overdue 1", "Overdue 2", "Overdue 3", "Overdue 4"]);
    expect(day.groups.overdue.total).toBe(12);
    const everything = await dayOf(db(), "anita", { now, settings, limit: 1 });
    expect(names(everything.groups.overdue.rows)).toEqual(["AI, overdue"]);
    expect(everything.groups.overdue.total).toBe(13);
    expect(await dayCounts(db(), "anita", { now, settings, scope: { all: false, courses: ["iot"] } })).toEqual({
      overdue: 12,
      today: 0,
      new: 0,
      late: 0,
    });
  });

  it("flags a new student not contacted within two working hours, counted in working time", async () => {
    // Wednesday 12:00 India time: two working hours back is 10:00 the same morning.
    const now = ist("2026-11-25T12:00");
    await record({ name: "Arrived 10:00", stage: "new", created: ist("2026-11-25T10:00") });
    await record({
      name: "Arrived 10:00:00.001",
      stage: "new",
      created: new Date(ist("2026-11-25T10:00").getTime() + 1),
    });
    await record({ name: "Arrived last night", stage: "new", created: ist("2026-11-24T22:00") });
    await record({ name: "Arrived Tuesday 17:00", stage: "new", created: ist("2026-11-24T17:00"), owner: "bharath" });
    await record({
      name: "Arrived Tuesday, called",
      stage: "new",
      created: ist("2026-11-24T12:00"),
      contacted: ist("2026-11-24T12:30"),
    });
    await record({
      name: "Old, contacted stage",
      stage: "contacted",
      created: ist("2026-11-20T12:00"),
      contacted: null,
    });
    await record({ name: "Unassigned, Monday", stage: "new", owner: null, created: ist("2026-11-23T12:00") });

    const found = await findUncontacted(db(), { now, settings });
    expect(found.clock.lateIfArrivedBy).toEqual(ist("2026-11-25T10:00"));
    // Last night's arrival has waited since the desk opened at 09:30: 150 working minutes.
    expect(names(found.rows)).toEqual([
      "Unassigned, Monday",
      "Arrived Tuesday 17:00",
      "Arrived last night",
      "Arrived 10:00",
    ]);
    expect(found.total).toBe(4);
    expect(found.rows.map((row) => row.waitedMs / 60_000)).toEqual([390 + 540 + 150, 90 + 150, 150, 120]);
    expect(found.rows.every((row) => row.late)).toBe(true);
    const later = await findUncontacted(db(), { now: ist("2026-11-25T12:01"), settings, owner: "anita" });
    expect(names(later.rows)).toEqual(["Arrived last night", "Arrived 10:00", "Arrived 10:00:00.001"]);

    const mine = await dayOf(db(), "anita", { now, settings });
    expect(mine.late).toBe(2);
    expect(mine.groups.new.rows.map((row) => [row.name, row.late])).toEqual([
      ["Arrived last night", true],
      ["Arrived 10:00", true],
      ["Arrived 10:00:00.001", false],
    ]);
  });

  it("keeps the clock still at night and on Sunday", async () => {
    // Saturday 18:00 arrival: 30 working minutes that day, Sunday counts nothing, Monday from 09:30.
    await record({ name: "Saturday evening", stage: "new", created: ist("2026-11-28T18:00") });
    expect((await findUncontacted(db(), { now: ist("2026-11-30T10:59"), settings })).total).toBe(0);
    expect((await findUncontacted(db(), { now: ist("2026-11-30T11:00"), settings })).total).toBe(1);
  });

  it("takes a student out of 'new' once called, and the follow-up agreed moves them to its group", async () => {
    const now = new Date();
    const id = await record({ name: "Kavya", stage: "new", created: new Date(now.getTime() - 60 * 60_000) });
    expect((await dayCounts(db(), "anita", { now, settings })).new).toBe(1);
    await test.current.database.db.transaction((tx) =>
      logContact(
        tx,
        id,
        { channel: "call", outcome: "no_answer", note: "", nextFollowUpAt: new Date(now.getTime() - 1000) },
        { id: "anita", email: "anita@sampige.example" },
        { all: true },
      ),
    );
    const [after] = await db().select().from(students).where(eq(students.id, id));
    expect(after?.contactedAt).toBeInstanceOf(Date);
    const counts = await dayCounts(db(), "anita", { settings });
    expect(counts).toMatchObject({ new: 0, overdue: 1 });
    // A second call keeps the first contact's time.
    const first = after?.contactedAt?.getTime();
    await test.current.database.db.transaction((tx) =>
      logContact(
        tx,
        id,
        { channel: "whatsapp", note: "sent the brochure" },
        { id: "anita", email: "a" },
        { all: true },
      ),
    );
    const [again] = await db().select().from(students).where(eq(students.id, id));
    expect(again?.contactedAt?.getTime()).toBe(first);
  });

  it("gives the team view each counsellor's totals, the Unassigned queue, the late ones and who is away", async () => {
    const now = ist("2026-11-25T12:00");
    await record({ name: "A1", followUp: ist("2026-11-24T10:00") });
    await record({ name: "A2", followUp: ist("2026-11-25T15:00") });
    await record({ name: "A3", stage: "new", created: ist("2026-11-23T10:00") });
    await record({ name: "B1", owner: "bharath", stage: "new", created: ist("2026-11-25T11:30") });
    await record({ name: "U1", owner: null, stage: "new", created: ist("2026-11-20T10:00") });
    await record({ name: "U2", owner: null, updated: ist("2026-11-24T10:00") });
    await db().insert(staffAvailability).values({ userId: "chitra", away: true });

    const team = await teamDay(db(), { now, settings });
    expect(team.members.map((member) => [member.name, member.totals, member.late, member.away])).toEqual([
      ["Anita", { overdue: 1, today: 1, new: 1, recent: 0 }, 1, false],
      ["Bharath", { overdue: 0, today: 0, new: 1, recent: 0 }, 0, false],
      ["Chitra", { overdue: 0, today: 0, new: 0, recent: 0 }, 0, true],
    ]);
    expect(team.unassigned).toMatchObject({
      ownerId: null,
      totals: { overdue: 0, today: 0, new: 1, recent: 1 },
      late: 1,
    });
    expect(team.away.map((account) => account.name)).toEqual(["Chitra"]);

    // A course's scope counts only that course's records.
    const ai = await teamDay(db(), { now, settings, scope: { all: false, courses: ["ai"] } });
    expect(ai.members.every((member) => member.totals.new === 0)).toBe(true);
  });

  // 5,000 records through the report's triggers: more than the default time on a busy machine.
  it("reads each group from an index", { timeout: 120_000 }, async () => {
    // Enough rows, most of them overdue with other owners, that the planner prefers the owner's range.
    await db().execute(sql`
      insert into students (name, email, mobile, courses, stage, owner_id, next_follow_up_at, created_at, updated_at)
      select 'Bulk ' || n, 'bulk' || n || '@example.in', (8000000000 + n)::text, '{iot}', 'contacted',
        case when n % 100 = 0 then 'anita' end, now() - (n || ' hours')::interval,
        now() - (n || ' hours')::interval, now() - (n || ' hours')::interval
      from generate_series(1, 5000) as n`);
    await db().execute(sql`analyze students`);
    const plan = async (query: ReturnType<typeof sql>) => {
      const result = await db().execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
    };
    expect(
      await plan(
        sql`select count(*) from students where owner_id = 'anita' and stage <> 'lost' and next_follow_up_at < now()`,
      ),
    ).toMatch(/students_owner_follow_up_idx/);
    expect(
      await plan(
        sql`select count(*) from students where owner_id = 'anita' and stage = 'new' and contacted_at is null`,
      ),
    ).toMatch(/students_uncontacted_idx/);
  });
});

describeEachEngine("my day on a database of the previous version", (engine) => {
  it("marks records with a logged call or message as contacted, at the first one, and keeps every row", {
    timeout: 120_000,
  }, async () => {
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: { tag: string }[];
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-my-day-migrations-"));
    fs.cpSync("db/migrations", folder, { recursive: true });
    const before = journal.entries.findIndex((entry) => entry.tag === "0013_my_day");
    fs.writeFileSync(
      path.join(folder, "meta", "_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, before) }),
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-my-day-upgrade-"));
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    if (!postgres) await copyPgliteTemplate(dataDir, "initialised");
    const open = (migrationsFolder?: string) =>
      openDatabase({ dataDir, databaseUrl: postgres?.url, migrationsFolder, purpose: "test" });
    try {
      const old = await open(folder);
      await old.db.execute(sql`
        insert into students (name, email, mobile, stage) values
          ('Called', 'called@example.in', '9000000001', 'contacted'),
          ('Noted only', 'noted@example.in', '9000000002', 'new'),
          ('Untouched', 'untouched@example.in', '9000000003', 'new')`);
      await old.db.execute(sql`
        insert into student_timeline (student_id, kind, at, detail) values
          (1, 'submission', '2026-11-01T10:00:00Z', '{}'),
          (1, 'whatsapp', '2026-11-02T10:00:00Z', '{}'),
          (1, 'call', '2026-11-01T12:00:00Z', '{"outcome": "connected"}'),
          (2, 'note', '2026-11-01T12:00:00Z', '{"text": "asked about fees"}')`);
      await old.close();

      const upgraded = await open();
      const rows = await upgraded.db
        .select({ name: students.name, contactedAt: students.contactedAt })
        .from(students)
        .orderBy(students.id);
      expect(rows).toEqual([
        { name: "Called", contactedAt: new Date("2026-11-01T12:00:00Z") },
        { name: "Noted only", contactedAt: null },
        { name: "Untouched", contactedAt: null },
      ]);
      expect((await upgraded.db.select().from(studentTimeline)).length).toBe(4);
      await upgraded.close();
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describeEachEngine("my day's log form", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  const anita: StaffUser = {
    id: "anita",
    email: "anita@sampige.example",
    name: "Anita",
    role: "counsellor",
    courses: ["iot"],
    sessionId: "s1",
  };
  const chitra: StaffUser = {
    id: "chitra",
    email: "chitra@sampige.example",
    name: "Chitra",
    role: "counsellor",
    courses: ["ai"],
    sessionId: "s2",
  };
  let id = 0;

  beforeEach(async () => {
    await test.current.truncate();
    await db()
      .insert(user)
      .values([
        { id: "anita", name: "Anita", email: anita.email, role: "counsellor" },
        { id: "chitra", name: "Chitra", email: chitra.email, role: "counsellor" },
      ]);
    const [row] = await db()
      .insert(students)
      .values({ name: "Kavya", email: "kavya@example.in", mobile: "9845012345", courses: ["iot"], ownerId: "anita" })
      .returning({ id: students.id });
    id = row?.id as number;
  });

  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries({ intent: "log", id: String(id), channel: "call", ...fields })) {
      body.set(key, value);
    }
    return body;
  };
  const entries = async () =>
    (await db().select().from(studentTimeline).where(eq(studentTimeline.studentId, id))).map((entry) => entry.kind);

  it("logs the call, its outcome and the next working morning in one step, with an audit line", async () => {
    // Saturday 17:00 in India: the next working day is Monday.
    const now = ist("2026-11-28T17:00");
    const result = await handleDayLog(
      db(),
      form({ outcome: "connected", note: "Wants the weekend batch.", next: "tomorrow" }),
      anita,
      now,
    );
    expect(result).toMatchObject({
      ok: true,
      id,
      message: expect.stringMatching(/^Call with Kavya logged\. Next follow-up: 30 Nov 2026, 9:30/),
    });
    const [record] = await db().select().from(students).where(eq(students.id, id));
    expect(record?.nextFollowUpAt).toEqual(ist("2026-11-30T09:30"));
    expect(record?.contactedAt).toBeInstanceOf(Date);
    expect((await entries()).sort()).toEqual(["call", "follow_up"]);
    const [audit] = await db().select().from(auditLog);
    expect(audit).toMatchObject({ actor: anita.email, action: "student.call", subject: `student ${id} (Kavya)` });
  });

  it("keeps the follow-up, clears it, or takes a time picked in India time", async () => {
    const now = ist("2026-11-25T10:00");
    await db()
      .update(students)
      .set({ nextFollowUpAt: ist("2026-11-27T11:00") })
      .where(eq(students.id, id));
    await handleDayLog(db(), form({ channel: "whatsapp", next: "keep" }), anita, now);
    expect((await db().select().from(students))[0]?.nextFollowUpAt).toEqual(ist("2026-11-27T11:00"));
    await handleDayLog(db(), form({ outcome: "busy", next: "pick", nextAt: "2026-11-25T16:45" }), anita, now);
    expect((await db().select().from(students))[0]?.nextFollowUpAt).toEqual(ist("2026-11-25T16:45"));
    // A time typed with another choice left selected is the time meant, unless "No follow-up" was chosen.
    await handleDayLog(db(), form({ outcome: "busy", next: "tomorrow", nextAt: "2026-11-25T17:15" }), anita, now);
    expect((await db().select().from(students))[0]?.nextFollowUpAt).toEqual(ist("2026-11-25T17:15"));
    await handleDayLog(db(), form({ outcome: "no_answer", next: "none", nextAt: "2026-11-26T12:00" }), anita, now);
    expect((await db().select().from(students))[0]?.nextFollowUpAt).toBeNull();
  });

  it("refuses bad input with a message for the field, what was typed, and stores nothing", async () => {
    const now = ist("2026-11-25T10:00");
    const cases: [Record<string, string>, string | undefined, RegExp, number][] = [
      [{ outcome: "", note: "Tried once" }, "outcome", /how the call went/, 400],
      [{ outcome: "teleported" }, "outcome", /from the list/, 400],
      [{ channel: "pigeon", outcome: "connected" }, "channel", /call or WhatsApp/, 400],
      [{ outcome: "connected", next: "pick", nextAt: "" }, "nextAt", /date and time/, 400],
      [{ outcome: "connected", next: "pick", nextAt: "2026-11-25T09:00" }, "nextAt", /cannot be in the past/, 400],
      [{ outcome: "connected", next: "pick", nextAt: "2026-13-45T99:00" }, "nextAt", /date and time/, 400],
      [{ outcome: "connected", next: "someday" }, "next", /when to follow up/, 400],
      [{ outcome: "connected", note: "x".repeat(2001) }, "note", /at most 2,000 characters/, 400],
      [{ outcome: "connected", intent: "delete" }, undefined, /from My day/, 400],
      [{ outcome: "connected", id: "../1" }, undefined, /does not exist/, 404],
    ];
    for (const [fields, field, message, status] of cases) {
      const result = await handleDayLog(db(), form(fields), anita, now);
      expect("data" in result, JSON.stringify(fields)).toBe(true);
      if (!("data" in result)) continue;
      expect(result.init?.status, JSON.stringify(fields)).toBe(status);
      expect(result.data.error).toMatch(message);
      expect(result.data.field).toBe(field);
      if (fields.note) expect(result.data.values.note).toBe(fields.note.slice(0, 5000));
    }
    expect(await entries()).toEqual([]);
    expect(await db().select().from(auditLog)).toEqual([]);
  });

  it("refuses a record outside the staff member's courses as if it did not exist", async () => {
    const result = await handleDayLog(db(), form({ outcome: "connected" }), chitra, ist("2026-11-25T10:00"));
    expect("data" in result && result.init?.status).toBe(404);
    expect(await entries()).toEqual([]);
  });

  it("shows the same records on My day, in the list's 'show all' and in the menu's counts", async () => {
    const now = new Date();
    await db()
      .insert(students)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          name: `Overdue ${index}`,
          email: `o${index}@example.in`,
          mobile: `70000000${String(index).padStart(2, "0")}`,
          courses: ["iot"] as never,
          stage: "contacted" as const,
          contactedAt: new Date(now.getTime() - 2 * day),
          ownerId: "anita",
          nextFollowUpAt: new Date(now.getTime() - (index + 1) * 60 * 60_000),
        })),
      );
    const page = await loadMyDay(db(), anita, new Request("http://localhost/desk/day"));
    const overdue = page.groups.find((group) => group.group === "overdue");
    expect(overdue?.total).toBe(12);
    expect(overdue?.rows).toHaveLength(8);
    expect(overdue?.showAll).toBe("/counsellor/students?owner=me&day=overdue&sort=follow-up");
    const list = await loadRecordList(db(), new Request(`http://localhost${overdue?.showAll}`), anita, {
      all: false,
      courses: ["iot"],
    });
    expect(list.total).toBe(12);
    expect(list.rows.map((row) => row.name)).toEqual(Array.from({ length: 12 }, (_, index) => `Overdue ${11 - index}`));
    expect(page.groups.find((group) => group.group === "new")?.rows.map((row) => row.name)).toEqual(["Kavya"]);
    expect(await navCounts(db(), anita)).toMatchObject({ of: "mine", overdue: 12, today: expect.any(Number), new: 1 });
    expect(await dayCounts(db(), "anita", { cap: 5 })).toMatchObject({ overdue: 5, new: 1 });
  });
});
