// The other ways a student leaves or keeps a batch (decision 032), on both engines: a status set
// on the old registrations table, a merge of two records, erasure; each frees or keeps the seat,
// says so on the timeline, and tells the pages showing the batches.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { mergeStudentRecords } from "../../app/admissions/merge/student-merge.server";
import { editStudentRecord } from "../../app/admissions/records/record-edits.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { recordTimeline } from "../../app/admissions/records/student-timeline.server";
import { updateFollowUp } from "../../app/admissions/submissions/follow-up.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { afterCommit, pageVersion } from "../../app/platform/content-version.server";
import { eraseEntries } from "../../app/privacy/data-protection.server";
import { studentDataExport } from "../../app/privacy/student-export.server";
import { addBatch, getBatch, listUpcomingBatches } from "../../app/site/batches.server";
import { registrations, students } from "../../db/schema";
import { createTestDatabase, describeEachEngine, type TestDatabase } from "./databases";
import { student } from "./fixtures";

const actor = { id: "desk", email: "desk@example.in" };

describeEachEngine("leaving or keeping a batch by other ways than the stage form", (engine) => {
  let test: TestDatabase;
  let batchId = 0;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    const batch = await addBatch(
      test.database.db,
      "iot",
      {
        branch: "chennai",
        startsOn: "2031-02-03",
        days: "weekday",
        startTime: "18:00",
        endTime: "20:00",
        mode: "classroom",
        seats: "open",
        seatsTotal: 10,
        feeInr: 40000,
        feeIncludes: "",
      },
      "desk@example.in",
    );
    batchId = batch.id;
  }, 120_000);

  afterAll(async () => {
    await test?.destroy();
  });

  /** A registration for IoT, and the record it was filed on. */
  async function registered(name: string, mobile: string): Promise<{ recordId: number; registrationId: number }> {
    const { db } = test.database;
    const stored = await createSubmission(
      db,
      "registration",
      student({ name, mobile, email: `${mobile}@example.in`, course: "iot" }),
      { submissionToken: crypto.randomUUID() },
    );
    const [row] = await db
      .select({ studentId: registrations.studentId })
      .from(registrations)
      .where(eq(registrations.id, stored.id));
    return { recordId: row?.studentId ?? 0, registrationId: stored.id };
  }

  /** A registration for IoT, and its record enrolled into the batch. */
  async function enrolled(name: string, mobile: string): Promise<{ recordId: number; registrationId: number }> {
    const { db } = test.database;
    const { recordId, registrationId } = await registered(name, mobile);
    const [record] = await db.select().from(students).where(eq(students.id, recordId));
    const result = await afterCommit(() =>
      db.transaction((tx) =>
        editStudentRecord(tx, recordId, record?.version ?? 0, { stage: "enrolled", batchId }, actor, everyRecord),
      ),
    );
    expect(result.ok).toBe(true);
    return { recordId, registrationId };
  }

  const seatsLeft = async () =>
    (await listUpcomingBatches(test.database.db, { today: "2026-11-25" })).find((batch) => batch.id === batchId)
      ?.seatsLeft;

  it("a status other than enrolled on the old registrations table takes the student out of the batch", async () => {
    const { recordId, registrationId } = await enrolled("Old Table", "9811111111");
    expect(await seatsLeft()).toBe(9);
    const before = pageVersion("/courses/iot");
    await afterCommit(() =>
      test.database.db.transaction((tx) =>
        updateFollowUp(tx, "registration", registrationId, { status: "contacted", notes: "" }, "desk@example.in"),
      ),
    );
    expect(await seatsLeft()).toBe(10);
    expect(pageVersion("/courses/iot")).toBeGreaterThan(before);
    const [record] = await test.database.db.select().from(students).where(eq(students.id, recordId));
    expect([record?.stage, record?.batchId]).toEqual(["contacted", null]);
    const entry = (await recordTimeline(test.database.db, recordId)).find((row) => row.kind === "batch");
    expect(entry?.detail).toMatchObject({ from: { id: batchId }, to: null, stage: "contacted" });
  });

  it("a merge keeps one seat for the student: the kept record takes the other's batch", async () => {
    const { db } = test.database;
    const { recordId: mergedId } = await enrolled("Merged Away", "9822222222");
    const { recordId: keptId } = await registered("Kept One", "9833333333");
    expect(await seatsLeft()).toBe(9);
    const versions = async (id: number) =>
      (await db.select({ version: students.version }).from(students).where(eq(students.id, id)))[0]?.version ?? 0;
    // Read before the transaction: the embedded database has one connection, which it holds.
    const seen = { kept: await versions(keptId), merged: await versions(mergedId) };
    const merged = await afterCommit(() =>
      db.transaction((tx) => mergeStudentRecords(tx, { keptId, mergedId }, seen, actor)),
    );
    expect(merged.ok).toBe(true);
    const [kept] = await db.select().from(students).where(eq(students.id, keptId));
    expect([kept?.stage, kept?.batchId]).toEqual(["enrolled", batchId]);
    expect(await seatsLeft()).toBe(9);
    const entry = (await recordTimeline(db, keptId)).find((item) => item.kind === "merge");
    expect(entry?.detail).toMatchObject({ batch: { from: null, to: { id: batchId } } });
    // The student's own data names their batch.
    expect((await studentDataExport(db, keptId))?.record.batch).toBe(
      "IoT: Starts Mon, 3 Feb 2031: weekdays, 6 pm to 8 pm (classroom, Chennai)",
    );
  });

  it("erasing an enrolled student's forms deletes the record and frees the seat, on the pages too", async () => {
    const { recordId, registrationId } = await enrolled("Erased Student", "9844444444");
    expect(await seatsLeft()).toBe(8);
    const before = pageVersion("/about/admissions");
    await eraseEntries(test.database.db, [{ kind: "registration", id: registrationId }], {
      actor: "admin@example.in",
      action: "student-data.delete",
    });
    expect(await test.database.db.select().from(students).where(eq(students.id, recordId))).toEqual([]);
    expect(await seatsLeft()).toBe(9);
    expect(pageVersion("/about/admissions")).toBeGreaterThan(before);
    expect((await getBatch(test.database.db, batchId))?.enrolled).toBe(1);
  });
});
