// A record's owner must be someone who can open it: the record page offers only them, the
// record's owner form and the list's "Reassign selected to…" refuse anyone else, and the staff
// page shows students left with an owner whose courses changed since.
import { beforeEach, expect, it } from "vitest";
import { ownedOutOfReach, ownerChoices } from "../../app/admissions/assignment/assignment.server";
import { handleReassignForm } from "../../app/admissions/assignment/reassignment.server";
import { handleRecordForm } from "../../app/admissions/records/record-forms.server";
import { loadRecordPage } from "../../app/admissions/records/record-page.server";
import { everyRecord, type RecordScope } from "../../app/admissions/records/record-scope.server";
import { getStudentRecord } from "../../app/admissions/records/student-records.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import type { CourseKey } from "../../app/site/course-catalog";
import type { StaffUser } from "../../app/staff/permissions.server";
import { createStaff, setStaffRole } from "../../app/staff/staff-accounts.server";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";

function form(fields: Record<string, string | string[]>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  return body;
}

/** The body and status of a refused form (data() with its status). */
function refused(result: unknown): { status: number; error: string } {
  const { data, init } = result as { data: { error: string }; init?: { status?: number } };
  return { status: init?.status ?? 200, error: data.error };
}

describeEachEngine("who a record can be given to", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let admin: StaffUser;
  let embedded: StaffUser;
  let python: StaffUser;
  const embeddedScope: RecordScope = { all: false, courses: ["embedded"], withoutCourse: true };

  async function staffUser(email: string, name: string, courses?: CourseKey[]): Promise<StaffUser> {
    const access = courses ? ({ role: "counsellor", courses } as const) : ({ role: "admin" } as const);
    const created = await createStaff(test.current.database, { email, name, ...access, password }, "tests");
    if (!created.ok) throw new Error(created.error);
    return { id: created.user.id, email, name, ...access, sessionId: "test" } as StaffUser;
  }

  beforeEach(async () => {
    await test.current.truncate();
    admin = await staffUser("head@sampige.example", "Head");
    embedded = await staffUser("meena@sampige.example", "Meena", ["embedded"]);
    python = await staffUser("ravi@sampige.example", "Ravi", ["python"]);
  });

  async function embeddedStudent(name: string, mobile: string): Promise<number> {
    const stored = await createSubmission(
      db(),
      "registration",
      student({ name, mobile, email: `${mobile}@example.in` }),
      {
        submissionToken: `owners-${mobile}`,
      },
    );
    return stored.studentId as number;
  }

  it("offers on a record's page only the accounts that can open it", async () => {
    const id = await embeddedStudent("Asha K", "9800000001");
    const page = await loadRecordPage(db(), id, everyRecord);
    expect(page.owners.map((owner) => owner.name).sort()).toEqual(["Head", "Meena"]);
    expect((await ownerChoices(db())).map((owner) => owner.name).sort()).toEqual(["Head", "Meena", "Ravi"]);
  });

  it("refuses to give an Embedded student to a Python-only counsellor, from the record and from the list", async () => {
    const id = await embeddedStudent("Asha K", "9800000002");
    const other = await embeddedStudent("Bhavana S", "9800000003");
    for (const [who, scope] of [
      [embedded, embeddedScope],
      [admin, everyRecord],
    ] as const) {
      const answer = refused(
        await handleRecordForm(db(), form({ intent: "owner", version: "1", ownerId: python.id }), id, who, scope),
      );
      expect(answer.status).toBe(400);
      expect(answer.error).toBe(
        "Ravi cannot open this student's record (their courses or branches are others): please choose someone from the list.",
      );
      const bulk = await handleReassignForm(
        db(),
        form({ id: [String(id), String(other)], ownerId: python.id }),
        who,
        scope,
      );
      expect(bulk).toMatchObject({ ok: false, field: "ownerId" });
      expect(bulk.ok ? "" : bulk.error).toContain("Ravi cannot open the records of Asha K, Bhavana S");
    }
    expect((await getStudentRecord(db(), id, everyRecord))?.ownerId).not.toBe(python.id);
    expect((await getStudentRecord(db(), other, everyRecord))?.ownerId).not.toBe(python.id);

    const given = await handleRecordForm(
      db(),
      form({ intent: "owner", version: "1", ownerId: embedded.id }),
      id,
      admin,
      everyRecord,
    );
    expect(given).toMatchObject({ ok: true, intent: "owner" });
  });

  it("lists on the staff page the students a counsellor owns but can no longer open after a change of courses", async () => {
    const id = await embeddedStudent("Asha K", "9800000004");
    const moved = await handleReassignForm(db(), form({ id: String(id), ownerId: embedded.id }), admin, everyRecord);
    expect(moved).toMatchObject({ ok: true, moved: 1 });
    expect(await ownedOutOfReach(db())).toEqual([]);

    expect((await setStaffRole(db(), embedded.email, "counsellor", "tests", ["python"])).ok).toBe(true);
    expect(await ownedOutOfReach(db())).toEqual([
      { ownerId: embedded.id, ownerName: "Meena", count: 1, students: [{ id, name: "Asha K" }] },
    ]);
  });

  it("counts each account's students out of reach and names its first five, for every account at once", async () => {
    const kiran = await staffUser("kiran@sampige.example", "Kiran", ["embedded"]);
    const ids: number[] = [];
    for (const [index, name] of ["Asha", "Bhavana", "Chitra", "Deepa", "Esha", "Farah", "Gita"].entries())
      ids.push(await embeddedStudent(`${name} K`, `980000010${index}`));
    const kirans = await embeddedStudent("Hema K", "9800000110");
    expect(
      await handleReassignForm(db(), form({ id: ids.map(String), ownerId: embedded.id }), admin, everyRecord),
    ).toMatchObject({ ok: true, moved: 7 });
    expect(
      await handleReassignForm(db(), form({ id: String(kirans), ownerId: kiran.id }), admin, everyRecord),
    ).toMatchObject({ ok: true, moved: 1 });
    for (const account of [embedded, kiran])
      expect((await setStaffRole(db(), account.email, "counsellor", "tests", ["python"])).ok).toBe(true);

    expect(await ownedOutOfReach(db())).toEqual([
      {
        ownerId: embedded.id,
        ownerName: "Meena",
        count: 7,
        students: ["Asha K", "Bhavana K", "Chitra K", "Deepa K", "Esha K"].map((name, index) => ({
          id: ids[index],
          name,
        })),
      },
      { ownerId: kiran.id, ownerName: "Kiran", count: 1, students: [{ id: kirans, name: "Hema K" }] },
    ]);
  });
});
