// Adding a student by hand on the desk, on both engines: a walk-in becomes a record with its
// source, consent and conversation in one step; a mobile already on the desk joins that record
// instead of making a second; a counsellor may add students of their own courses only, and a
// student they may not open is described without a detail of theirs; the owner's report counts
// the student with its source; erasure, retention and the data download cover them.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { setPool } from "../../app/admissions/assignment/assignment.server";
import { addStudentByHand, describeOnDesk } from "../../app/admissions/intake/intake.server";
import { type IntakeData, validateIntake } from "../../app/admissions/intake/intake-schema";
import { everyRecord, recordScopeOf } from "../../app/admissions/records/record-scope.server";
import { recordTimeline } from "../../app/admissions/records/student-timeline.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { eraseEntries, purgeExpired } from "../../app/privacy/data-protection.server";
import { findStudentEntries } from "../../app/privacy/student-data.server";
import { studentDataExport } from "../../app/privacy/student-export.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { studentFacts, studentIntakes, students } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";

function walkIn(overrides: Record<string, unknown> = {}): IntakeData {
  const result = validateIntake({
    name: "Meena R",
    mobile: "+91 98450 12345",
    email: "",
    courses: ["embedded"],
    state: "karnataka",
    district: "Bengaluru Urban",
    branch: "bangalore",
    how: "walk_in",
    howDetail: "",
    note: "Came with her father; asked about weekend batches",
    consent: "in_person",
    owner: "rules",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
}

describeEachEngine("adding a student by hand", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let priya: { id: string; email: string };
  let admin: { id: string; email: string };

  beforeEach(async () => {
    await test.current.truncate();
    const make = async (name: string, role: "admin" | "counsellor", courses?: ("embedded" | "python")[]) => {
      const created = await createStaff(
        test.current.database,
        { email: `${name}@sampige.example`, name, role, ...(courses ? { courses } : {}), password },
        "tests",
      );
      if (!created.ok) throw new Error(created.error);
      return { id: created.user.id, email: created.user.email };
    };
    priya = await make("priya", "counsellor", ["embedded"]);
    await make("ravi", "counsellor", ["python"]);
    admin = await make("asha", "admin");
  }, 60_000);

  const priyaScope = () => recordScopeOf({ role: "counsellor", courses: ["embedded"] });
  const raviScope = () => recordScopeOf({ role: "counsellor", courses: ["python"] });

  it("checks the fields as the forms do, with a message for each", () => {
    const refused = validateIntake({
      name: "",
      mobile: "12345",
      email: "not-an-address",
      how: "referral",
      consent: "",
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fieldErrors).toMatchObject({
      name: "Please enter the student's name",
      mobile: expect.stringContaining("10-digit"),
      email: expect.stringContaining("e-mail address"),
      howDetail: expect.stringContaining("who referred them"),
      consent: expect.stringContaining("agreed to be contacted"),
    });
    const noContact = validateIntake({ name: "Anu", how: "walk_in", consent: "in_person" });
    expect(noContact.ok ? {} : noContact.fieldErrors).toEqual({
      mobile: "Please enter a mobile number or an e-mail address (or both)",
    });
    // A mobile typed in any Indian way is kept as its ten digits.
    expect(walkIn({ mobile: "098450-12345" }).mobile).toBe("9845012345");
    const otherCourse = validateIntake(
      { name: "Anu", mobile: "9845012345", courses: ["ai"], how: "walk_in", consent: "in_person" },
      { allowedCourses: ["embedded"] },
    );
    expect(otherCourse.ok ? {} : otherCourse.fieldErrors).toEqual({
      courses: "You can add students only for your own courses (or with no course yet)",
    });
  });

  it("makes a new record assigned by the course pool, with the visit, consent and call on its timeline, counted in the report with its source", async () => {
    await setPool(db(), "embedded", [priya.id]);
    const data = walkIn({
      spoke: "yes",
      outcome: "connected",
      nextFollowUp: new Date(Date.now() + 2 * 86_400_000 + 19_800_000).toISOString().slice(0, 16),
    });
    const added = await addStudentByHand(db(), data, admin, everyRecord);
    expect(added.outcome).toBe("created");
    if (added.outcome !== "created") return;
    expect(added.ownerId).toBe(priya.id);
    const [record] = await db().select().from(students).where(eq(students.id, added.id));
    expect(record).toMatchObject({ name: "Meena R", mobile: "9845012345", courses: ["embedded"], ownerId: priya.id });
    expect(record?.contactedAt).not.toBeNull();
    expect(record?.nextFollowUpAt).not.toBeNull();
    const timeline = await recordTimeline(db(), added.id);
    expect(timeline.map((entry) => entry.kind).sort()).toEqual(["call", "follow_up", "intake", "owner"]);
    const intake = timeline.find((entry) => entry.kind === "intake");
    expect(intake?.detail).toMatchObject({ door: "desk", how: "walk_in", consent: "in_person", joined: false });
    const [kept] = await db().select().from(studentIntakes).where(eq(studentIntakes.studentId, added.id));
    expect(kept).toMatchObject({
      consent: "in_person",
      consentTo: admin.email,
      branch: "bangalore",
      createdRecord: true,
    });
    const [facts] = await db().select().from(studentFacts).where(eq(studentFacts.studentId, added.id));
    expect(facts).toMatchObject({ utmSource: "Walk-in", utmMedium: "desk", ownerId: priya.id });
  });

  it("sets the branch chosen, else guesses it from the state, within the branches of the person adding them", async () => {
    await setPool(db(), "embedded", [priya.id], "online");
    const online = await addStudentByHand(db(), walkIn({ branch: "online" }), admin, everyRecord);
    if (online.outcome !== "created") throw new Error("expected a new record");
    expect(online.ownerId).toBe(priya.id);
    const branchOf = async (id: number) =>
      (
        await db()
          .select({ branch: students.branch, source: students.branchSource })
          .from(students)
          .where(eq(students.id, id))
      )[0];
    expect(await branchOf(online.id)).toEqual({ branch: "online", source: "desk" });
    const guessed = await addStudentByHand(
      db(),
      walkIn({ branch: "", mobile: "9845099999", state: "tamilnadu", district: "Chennai" }),
      admin,
      everyRecord,
    );
    expect(await branchOf(guessed.id)).toEqual({ branch: "chennai", source: "state" });
    // A counsellor limited to Chennai: another branch is refused beside the field; a Karnataka
    // student they add without a branch is not guessed into Bangalore, out of their sight.
    const chennaiOnly = {
      all: false as const,
      courses: ["embedded" as const],
      withoutCourse: true,
      branches: ["chennai" as const],
    };
    const refused = validateIntake(
      { name: "Anu", mobile: "9845012399", branch: "bangalore", how: "walk_in", consent: "in_person" },
      { allowedBranches: chennaiOnly.branches },
    );
    expect(refused.ok ? {} : refused.fieldErrors).toEqual({
      branch: "You can add students only for your own branches (or with the branch not known yet)",
    });
    const unguessed = await addStudentByHand(
      db(),
      walkIn({ branch: "", mobile: "9845088888" }),
      { id: priya.id, email: priya.email },
      chennaiOnly,
    );
    expect(await branchOf(unguessed.id)).toEqual({ branch: null, source: null });
    // A returning student whose branch was only guessed takes the one chosen now, with a branch entry.
    const again = await addStudentByHand(
      db(),
      walkIn({ branch: "bangalore", mobile: "9845099999", state: "tamilnadu", district: "Chennai" }),
      admin,
      everyRecord,
    );
    expect(again.outcome).toBe("joined");
    expect(await branchOf(guessed.id)).toEqual({ branch: "bangalore", source: "desk" });
    const kinds = (await recordTimeline(db(), guessed.id)).map((entry) => entry.kind);
    expect(kinds.slice(0, 2)).toEqual(["intake", "branch"]);
  });

  it("gives the student to the person adding them with 'Owner: me'", async () => {
    await setPool(db(), "embedded", [priya.id]);
    const added = await addStudentByHand(db(), walkIn({ owner: "me" }), admin, everyRecord);
    expect(added.outcome === "created" && added.ownerId).toBe(admin.id);
  });

  it("joins the record that knows the mobile instead of making a second, with the visit on its timeline", async () => {
    const stored = await createSubmission(
      db(),
      "registration",
      student({ name: "Meena Raghavan", mobile: "9845012345", email: "meena@example.in", course: "embedded" }),
      { submissionToken: "meena-form" },
    );
    const added = await addStudentByHand(
      db(),
      walkIn({ how: "phone_call", note: "Called about fees" }),
      priya,
      priyaScope(),
    );
    expect(added).toMatchObject({ outcome: "joined", id: stored.studentId });
    if (added.outcome !== "joined") return;
    expect(added.onDesk).toMatchObject({ visible: true, name: "Meena Raghavan" });
    expect(added.onDesk.line).toContain("Already on the desk: Meena Raghavan, Embedded, New");
    expect(await db().select().from(students)).toHaveLength(1);
    const timeline = await recordTimeline(db(), stored.studentId as number);
    expect(timeline[0]).toMatchObject({ kind: "intake", actorLabel: priya.email });
    expect(timeline[0]?.detail).toMatchObject({ how: "phone_call", note: "Called about fees", joined: true });
  });

  it("tells a counsellor who may not open the record only that the student is being handled, and by which course", async () => {
    const stored = await createSubmission(
      db(),
      "registration",
      student({ name: "Karthik S", mobile: "9845012345", email: "karthik@example.in", course: "python fullstack" }),
      { submissionToken: "karthik-form" },
    );
    const onDesk = await describeOnDesk(db(), stored.studentId as number, priyaScope());
    expect(onDesk).toEqual({
      visible: false,
      line: expect.stringContaining("already being handled by the Python Fullstack desk"),
    });
    const line = onDesk?.line ?? "";
    for (const secret of ["Karthik", "karthik@example.in", "9845012345", "New", "ravi"])
      expect(line).not.toContain(secret);
    // Saving adds the visit to that record without showing or changing its details.
    const added = await addStudentByHand(db(), walkIn({ name: "K S", courses: [] }), priya, priyaScope());
    expect(added.outcome).toBe("joined");
    if (added.outcome !== "joined") return;
    expect(added.onDesk.visible).toBe(false);
    expect(JSON.stringify(added)).not.toContain("Karthik");
    const [record] = await db()
      .select()
      .from(students)
      .where(eq(students.id, stored.studentId as number));
    expect(record).toMatchObject({ name: "Karthik S", courses: ["python fullstack"] });
    // Ravi, who works on Python, sees the record and its details.
    expect((await describeOnDesk(db(), stored.studentId as number, raviScope()))?.visible).toBe(true);
  });

  it("is covered by erasure, retention and the student's data download like a form", async () => {
    const added = await addStudentByHand(db(), walkIn(), admin, everyRecord);
    const exported = await studentDataExport(db(), added.id);
    expect(exported?.intakes).toEqual([
      expect.objectContaining({ door: "desk", how: "walk_in", consent: "in_person", consentTo: admin.email }),
    ]);
    const entries = await findStudentEntries(db(), { mobile: "9845012345" });
    expect(entries).toEqual([expect.objectContaining({ kind: "intake", name: "Meena R", studentId: added.id })]);
    expect(await eraseEntries(db(), entries, { actor: admin.email, action: "student-data.delete" })).toEqual({
      enquiries: 0,
      registrations: 0,
      intakes: 1,
    });
    expect(await db().select().from(students)).toHaveLength(0);

    await addStudentByHand(db(), walkIn(), admin, everyRecord);
    const later = new Date(Date.now() + 40 * 31 * 86_400_000);
    const purged = await purgeExpired(db(), { now: later, months: 24 });
    expect(purged.intakes).toBe(1);
    expect(await db().select().from(students)).toHaveLength(0);
  });
});
