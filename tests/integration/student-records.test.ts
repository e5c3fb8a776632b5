// Student records on both engines: a new submission joins the record with the same mobile
// (in any form) or e-mail, or starts one, with a "submission received" entry on its timeline.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import {
  getStudentRecord,
  listStudentRecords,
  recordSubmissions,
} from "../../app/admissions/records/student-records.server";
import { recordTimeline } from "../../app/admissions/records/student-timeline.server";
import { createSubmission, type SubmissionFields } from "../../app/admissions/submissions/submission-repository.server";
import { eraseEntries, purgeExpired } from "../../app/privacy/data-protection.server";
import { enquiries, students, studentTimeline } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

function enquiryOf(overrides: Partial<SubmissionFields> = {}): SubmissionFields {
  const { course: _course, ...fields } = student(overrides);
  return fields;
}

let tokens = 0;
const token = () => `records-${Date.now()}-${++tokens}`;

describeEachEngine("student records on arrival", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  beforeEach(async () => {
    await test.current.truncate();
  });

  it("files one student's forms, whatever way the mobile is written, on one record", async () => {
    const first = await createSubmission(db(), "enquiry", enquiryOf({ name: "Kavya", mobile: "+91 98450 12345" }), {
      submissionToken: token(),
      firstTouch: { landingPage: "/courses/iot", utmSource: "instagram", utmMedium: "social", utmCampaign: "june" },
    });
    const second = await createSubmission(
      db(),
      "registration",
      student({ name: "Kavya Shetty", mobile: "098450-12345", email: "kavya.new@example.in", course: "iot" }),
      { submissionToken: token() },
    );
    const third = await createSubmission(
      db(),
      "registration",
      student({ name: "Kavya S", mobile: "9845012345", email: "other@example.in", course: "ai" }),
      { submissionToken: token() },
    );
    expect(first.studentId).toBeDefined();
    expect(second.studentId).toBe(first.studentId);
    expect(third.studentId).toBe(first.studentId);

    const record = await getStudentRecord(db(), first.studentId as number, everyRecord);
    expect(record).toMatchObject({
      name: "Kavya S",
      mobile: "9845012345",
      email: "other@example.in",
      courses: ["iot", "ai"],
      stage: "new",
      ownerId: null,
      version: 1,
    });
    const submissions = await recordSubmissions(db(), record?.id as number);
    expect(submissions.map((row) => [row.kind, row.id, row.mobile])).toEqual([
      ["registration", third.id, "9845012345"],
      ["registration", second.id, "098450-12345"],
      ["enquiry", first.id, "+91 98450 12345"],
    ]);
    const timeline = await recordTimeline(db(), record?.id as number);
    expect(timeline.map((entry) => entry.kind)).toEqual(["submission", "submission", "submission"]);
    expect(timeline.at(-1)?.detail).toMatchObject({
      form: "enquiry",
      submissionId: first.id,
      course: null,
      landingPage: "/courses/iot",
      utmSource: "instagram",
      utmCampaign: "june",
    });
    expect(timeline[0]?.detail).toMatchObject({ form: "registration", course: "ai" });
  });

  it("matches by e-mail trimmed and in any case when the mobile differs", async () => {
    const first = await createSubmission(
      db(),
      "enquiry",
      enquiryOf({ email: "asha.k@example.in", mobile: "9000000001" }),
      {
        submissionToken: token(),
      },
    );
    const again = await createSubmission(
      db(),
      "enquiry",
      enquiryOf({ email: " Asha.K@Example.IN ", mobile: "9000000002" }),
      { submissionToken: token() },
    );
    expect(again.studentId).toBe(first.studentId);
    const record = await getStudentRecord(db(), first.studentId as number, everyRecord);
    expect(record?.mobile).toBe("9000000002");
    expect(record?.email).toBe("asha.k@example.in");
  });

  it("starts a record for a new student, and stores a replayed form once", async () => {
    const meta = { submissionToken: token() };
    const a = await createSubmission(db(), "enquiry", enquiryOf({ email: "a@example.in", mobile: "9000000011" }), meta);
    const replay = await createSubmission(
      db(),
      "enquiry",
      enquiryOf({ email: "a@example.in", mobile: "9000000011" }),
      meta,
    );
    const b = await createSubmission(db(), "enquiry", enquiryOf({ email: "b@example.in", mobile: "9000000012" }), {
      submissionToken: token(),
    });
    expect(replay).toEqual({ id: a.id, duplicate: true });
    expect(b.studentId).not.toBe(a.studentId);
    const all = await db().select().from(students);
    expect(all).toHaveLength(2);
    expect(await recordTimeline(db(), a.studentId as number)).toHaveLength(1);
    const [stored] = await db().select().from(enquiries).where(eq(enquiries.id, a.id));
    expect(stored?.studentId).toBe(a.studentId);
  });

  it("makes one record of two forms from one student arriving at the same moment", async () => {
    const stored = await Promise.all(
      ["Ravi", "Ravi K", "Ravi Kumar", "R Kumar"].map((name, index) =>
        createSubmission(
          db(),
          index % 2 ? "enquiry" : "registration",
          student({ name, mobile: index % 2 ? "+91 90000 00077" : "9000000077", course: "matlab" }),
          { submissionToken: token() },
        ),
      ),
    );
    expect(new Set(stored.map((row) => row.studentId)).size).toBe(1);
    expect(await db().select().from(students)).toHaveLength(1);
  });

  it("finds a record by a mobile in any form, a name fragment or an e-mail, across all time", async () => {
    const old = await createSubmission(db(), "enquiry", enquiryOf({ name: "Meera Nair", mobile: "9845012345" }), {
      submissionToken: token(),
    });
    await db()
      .update(students)
      .set({ createdAt: new Date("2024-01-05T10:00:00Z") });
    await createSubmission(db(), "enquiry", enquiryOf({ name: "Other", email: "o@example.in", mobile: "9111111111" }), {
      submissionToken: token(),
    });
    for (const search of ["+919845012345", "098450-12345", "98450 12345", "meera", "NAIR", "priya.raman@"]) {
      const { rows, total } = await listStudentRecords(db(), { search }, everyRecord);
      expect(
        rows.map((row) => row.id),
        search,
      ).toEqual([old.studentId]);
      expect(total).toBe(1);
    }
  });

  it("erases a record with its timeline once its last form is erased, and only then", async () => {
    const first = await createSubmission(db(), "enquiry", enquiryOf({ email: "e@example.in", mobile: "9000000301" }), {
      submissionToken: token(),
    });
    const second = await createSubmission(
      db(),
      "registration",
      student({ email: "e@example.in", mobile: "9000000301", course: "ai" }),
      { submissionToken: token() },
    );
    const other = await createSubmission(db(), "enquiry", enquiryOf({ email: "o@example.in", mobile: "9000000302" }), {
      submissionToken: token(),
    });
    const audit = { actor: "head@example.in", action: "consent.withdraw" } as const;
    await eraseEntries(db(), [{ kind: "enquiry", id: first.id }], audit);
    expect(await getStudentRecord(db(), first.studentId as number, everyRecord)).toBeDefined();
    await eraseEntries(db(), [{ kind: "registration", id: second.id }], audit);
    expect(await getStudentRecord(db(), first.studentId as number, everyRecord)).toBeUndefined();
    const left = await db().select().from(studentTimeline);
    expect(left.map((entry) => entry.studentId)).toEqual([other.studentId]);

    await db()
      .update(enquiries)
      .set({ createdAt: new Date("2001-01-01T00:00:00Z") });
    await purgeExpired(db());
    expect(await db().select().from(students)).toEqual([]);
    expect(await db().select().from(studentTimeline)).toEqual([]);
  });
});
