// The records desk on both engines: the list's search and filters, and the record's forms,
// each as a counsellor uses them; an edit made on an old version is refused with the current
// values and what changed, and what was typed comes back; nothing is overwritten.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { handleRecordForm } from "../../app/admissions/records/record-forms.server";
import { exportRecordList, loadRecordList } from "../../app/admissions/records/record-list.server";
import { loadRecordPage } from "../../app/admissions/records/record-page.server";
import { everyRecord, type RecordScope } from "../../app/admissions/records/record-scope.server";
import { updateFollowUp } from "../../app/admissions/submissions/follow-up.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { openDatabase } from "../../app/platform/database.server";
import { toIndiaInput } from "../../app/platform/india-time";
import type { StaffUser } from "../../app/staff/permissions.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { auditLog, students, studentTimeline } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";
let tokens = 0;
const token = () => `desk-${Date.now()}-${++tokens}`;

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

/** The answer of a refused form (data() with its status), or the success object. */
function answer(result: unknown): { status: number; body: Record<string, unknown> } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: Record<string, unknown>; init?: { status?: number } };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

describeEachEngine("the records desk", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let admin: StaffUser;
  let iot: StaffUser;
  const iotScope: RecordScope = { all: false, courses: ["iot"] };

  async function staffUser(email: string, role: "admin" | "iot"): Promise<StaffUser> {
    const access = role === "admin" ? ({ role } as const) : ({ role: "counsellor", courses: ["iot"] } as const);
    const created = await createStaff(
      test.current.database,
      { email, name: email.split("@")[0], ...access, password },
      "tests",
    );
    if (!created.ok) throw new Error(created.error);
    return { id: created.user.id, email, name: created.user.name, ...access, sessionId: "test" };
  }

  beforeAll(async () => {
    await test.current.truncate();
  });

  beforeEach(async () => {
    await test.current.truncate();
    admin = await staffUser("head@sampige.example", "admin");
    iot = await staffUser("iot.desk@sampige.example", "iot");
  });

  async function newStudent(overrides: Parameters<typeof student>[0] = {}): Promise<number> {
    const stored = await createSubmission(db(), "registration", student(overrides), { submissionToken: token() });
    return stored.studentId as number;
  }

  it("changes the stage with the version it was made on, and refuses a stale change with what changed", async () => {
    const id = await newStudent({ name: "Asha K", course: "iot" });
    const first = await handleRecordForm(
      db(),
      form({ intent: "stage", version: "1", stage: "contacted" }),
      id,
      iot,
      iotScope,
    );
    expect(first).toMatchObject({ ok: true, intent: "stage" });

    // A colleague still looking at version 1 chooses Counselled.
    const stale = answer(
      await handleRecordForm(
        db(),
        form({ intent: "stage", version: "1", stage: "counselled" }),
        id,
        admin,
        everyRecord,
      ),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/changed this record since you opened it/);
    expect(stale.body.values).toMatchObject({ stage: "counselled", version: "2" });
    const conflict = stale.body.conflict as { current: { stage: string; version: number }; changes: unknown[] };
    expect(conflict.current).toMatchObject({ stage: "contacted", version: 2 });
    expect(conflict.changes).toEqual([
      expect.objectContaining({
        kind: "stage",
        actor: "iot.desk@sampige.example",
        detail: expect.objectContaining({ from: "new", to: "contacted" }),
      }),
    ]);
    const [record] = await db().select().from(students).where(eq(students.id, id));
    expect(record).toMatchObject({ stage: "contacted", version: 2 });

    // Sent again on the version it now shows, the change is saved.
    const again = await handleRecordForm(
      db(),
      form({ intent: "stage", version: "2", stage: "counselled" }),
      id,
      admin,
      everyRecord,
    );
    expect(again).toMatchObject({ ok: true });
    const page = await loadRecordPage(db(), id, everyRecord);
    expect(page.record).toMatchObject({ stage: "counselled", version: 3 });
    expect(page.timeline.map((entry) => [entry.kind, entry.detail.to])).toEqual([
      ["stage", "counselled"],
      ["stage", "contacted"],
      ["submission", undefined],
    ]);
    const audit = (await db().select().from(auditLog)).filter((entry) => entry.action.startsWith("student."));
    expect(audit.map((entry) => [entry.action, entry.subject, entry.detail])).toEqual([
      ["student.stage", `student ${id} (Asha K)`, { stage: "new -> contacted" }],
      ["student.stage", `student ${id} (Asha K)`, { stage: "contacted -> counselled" }],
    ]);
  });

  it("needs a reason from the list to mark a student lost, and words for 'other'", async () => {
    const id = await newStudent({ course: "iot" });
    const none = answer(
      await handleRecordForm(db(), form({ intent: "stage", version: "1", stage: "lost" }), id, iot, iotScope),
    );
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ error: "Please choose why the student was lost.", field: "lostReason" });
    const other = answer(
      await handleRecordForm(
        db(),
        form({ intent: "stage", version: "1", stage: "lost", lostReason: "other", lostNote: " " }),
        id,
        iot,
        iotScope,
      ),
    );
    expect(other.body).toMatchObject({ field: "lostNote" });
    const [unchanged] = await db().select().from(students).where(eq(students.id, id));
    expect(unchanged).toMatchObject({ stage: "new", version: 1 });
    const lost = await handleRecordForm(
      db(),
      form({ intent: "stage", version: "1", stage: "lost", lostReason: "fees", lostNote: "Waiting for a loan" }),
      id,
      iot,
      iotScope,
    );
    expect(lost).toMatchObject({ ok: true });
    const [stored] = await db().select().from(students).where(eq(students.id, id));
    expect(stored).toMatchObject({ stage: "lost", lostReason: "fees", lostNote: "Waiting for a loan" });
  });

  it("keeps a note whole: one over 2,000 characters is refused with the text kept, never cut", async () => {
    const id = await newStudent({ course: "iot" });
    const long = "க".repeat(2001);
    const refused = answer(await handleRecordForm(db(), form({ intent: "note", text: long }), id, iot, iotScope));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/at most 2,000 characters.*nothing was saved/);
    expect((refused.body.values as Record<string, string>).text).toBe(long);
    expect(await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "note"))).toEqual([]);

    const exact = `${"a".repeat(1999)}z`;
    expect(await handleRecordForm(db(), form({ intent: "note", text: exact }), id, iot, iotScope)).toMatchObject({
      ok: true,
    });
    // A note never conflicts: one written on a page opened long ago is added all the same.
    await handleRecordForm(db(), form({ intent: "stage", version: "1", stage: "contacted" }), id, admin, everyRecord);
    expect(await handleRecordForm(db(), form({ intent: "note", text: "Second" }), id, iot, iotScope)).toMatchObject({
      ok: true,
    });
    const notes = await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "note"));
    expect(notes.map((entry) => entry.detail.text)).toEqual([exact, "Second"]);
  });

  it("logs a call with its outcome and sets the next follow-up in the same step (India time)", async () => {
    const id = await newStudent({ course: "iot" });
    const noOutcome = answer(
      await handleRecordForm(db(), form({ intent: "contact", channel: "call", note: "x" }), id, iot, iotScope),
    );
    expect(noOutcome.body).toMatchObject({ field: "outcome", values: { note: "x" } });
    const logged = await handleRecordForm(
      db(),
      form({
        intent: "contact",
        channel: "call",
        outcome: "call_back_later",
        note: "Exams till Friday",
        nextFollowUpAt: "2026-12-01T10:30",
      }),
      id,
      iot,
      iotScope,
    );
    expect(logged).toMatchObject({ ok: true });
    const page = await loadRecordPage(db(), id, iotScope);
    expect(page.record.nextFollowUpAt).toBe("2026-12-01T05:00:00.000Z");
    expect(page.timeline.slice(0, 2).map((entry) => [entry.kind, entry.detail.outcome ?? entry.detail.to])).toEqual([
      ["follow_up", "2026-12-01T05:00:00.000Z"],
      ["call", "call_back_later"],
    ]);
    const badTime = answer(
      await handleRecordForm(
        db(),
        form({ intent: "follow-up", version: String(page.record.version), nextFollowUpAt: "tomorrow" }),
        id,
        iot,
        iotScope,
      ),
    );
    expect(badTime.body).toMatchObject({
      error: "Please give a date and a time.",
      values: { nextFollowUpAt: "tomorrow" },
    });
  });

  it("shows and changes a course's records only for that course's coordinator, whatever id is sent", async () => {
    const mine = await newStudent({
      name: "IoT Student",
      email: "iot.s@example.in",
      mobile: "9000000101",
      course: "iot",
    });
    const theirs = await newStudent({
      name: "AI Student",
      email: "ai.s@example.in",
      mobile: "9000000102",
      course: "ai",
    });
    const list = await loadRecordList(db(), new Request("http://localhost/onlineuser/iot/students"), iot, iotScope);
    expect(list.rows.map((row) => row.id)).toEqual([mine]);
    const refused = answer(
      await handleRecordForm(db(), form({ intent: "stage", version: "1", stage: "enrolled" }), theirs, iot, iotScope),
    );
    expect(refused.status).toBe(404);
    await expect(loadRecordPage(db(), theirs, iotScope)).rejects.toMatchObject({ init: { status: 404 } });
    const [untouched] = await db().select().from(students).where(eq(students.id, theirs));
    expect(untouched).toMatchObject({ stage: "new", version: 1 });
  });

  it("filters by owner, stage, follow-up and course, and downloads the filtered set as CSV", async () => {
    const a = await newStudent({ name: "Owned Overdue", email: "a@example.in", mobile: "9000000201", course: "iot" });
    const b = await newStudent({ name: "Unowned", email: "b@example.in", mobile: "9000000202", course: "ai" });
    await handleRecordForm(db(), form({ intent: "owner", version: "1", ownerId: iot.id }), a, admin, everyRecord);
    await handleRecordForm(
      db(),
      // Two days ago: overdue, within the range a follow-up may take.
      form({ intent: "follow-up", version: "2", nextFollowUpAt: toIndiaInput(new Date(Date.now() - 2 * 86_400_000)) }),
      a,
      admin,
      everyRecord,
    );
    const list = async (query: string, who = admin) =>
      (await loadRecordList(db(), new Request(`http://localhost/admin/students?${query}`), who, everyRecord)).rows.map(
        (row) => row.id,
      );
    expect(await list("owner=me", iot)).toEqual([a]);
    expect(await list("owner=unassigned")).toEqual([b]);
    expect(await list("followUp=overdue")).toEqual([a]);
    expect(await list("followUp=none")).toEqual([b]);
    expect(await list("course=ai")).toEqual([b]);
    expect(await list("stage=new&sort=name")).toEqual([a, b]);
    expect(await list("stage=lost")).toEqual([]);
    const csv = await exportRecordList(
      db(),
      new Request("http://localhost/admin/students?owner=unassigned"),
      admin,
      everyRecord,
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Record,Created \(IST\),Name,Mobile/);
    expect(lines[1]).toContain("Unowned");
  });

  it("takes a follow-up saved in the old registrations table onto the record: its stage and a note", async () => {
    const stored = await createSubmission(db(), "registration", student({ course: "iot" }), {
      submissionToken: token(),
    });
    await updateFollowUp(
      db(),
      "registration",
      stored.id,
      { status: "not_interested", notes: "Joined a college course" },
      "desk@x.in",
    );
    const page = await loadRecordPage(db(), stored.studentId as number, everyRecord);
    expect(page.record).toMatchObject({ stage: "lost", lostReason: "not_interested", version: 2 });
    expect(
      page.timeline.slice(0, 2).map((entry) => [entry.kind, entry.actor, entry.detail.to ?? entry.detail.text]),
    ).toEqual([
      ["note", "desk@x.in", "Joined a college course"],
      ["stage", "desk@x.in", "lost"],
    ]);
  });

  it("lets exactly one of two edits made at once on the same version through", async () => {
    const id = await newStudent({ course: "iot" });
    // On PostgreSQL the second edit comes through a second connection pool, as from another process.
    const other =
      engine === "postgres"
        ? await openDatabase({ dataDir: test.current.dataDir, databaseUrl: test.current.databaseUrl, purpose: "test" })
        : undefined;
    try {
      const results = await Promise.all(
        (["applied", "visit", "enrolled", "counselled"] as const).map((stage, index) =>
          handleRecordForm(
            index % 2 && other ? other.db : db(),
            form({ intent: "stage", version: "1", stage }),
            id,
            admin,
            everyRecord,
          ).then(answer),
        ),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(1);
      expect(results.filter((result) => result.status === 409)).toHaveLength(3);
      const [record] = await db().select().from(students).where(eq(students.id, id));
      expect(record?.version).toBe(2);
      const stages = await db().select().from(studentTimeline).where(eq(studentTimeline.kind, "stage"));
      expect(stages).toHaveLength(1);
      expect(stages[0]?.detail.to).toBe(record?.stage);
    } finally {
      await other?.close();
    }
  });
});
