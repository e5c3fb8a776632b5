// Finding a student among many records, on both engines: a whole mobile in any form, part of a
// mobile, a fragment of a name or e-mail, through the indexes migration 0017 makes; and a list
// that counts its matches only so far ("1,000+ students") instead of reading all of them.
import { sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import {
  listStudentRecords,
  recordCountWindow,
  studentRecordRows,
} from "../../app/admissions/records/student-records.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

/** More records than the list counts exactly, made in one statement each. */
const bulk = recordCountWindow + 120;

describeEachEngine("finding a student among many records", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let kavyaId = 0;

  beforeAll(async () => {
    await test.current.truncate();
    await db().execute(sql`
      insert into students (name, email, mobile, mobiles, emails, courses, created_at, updated_at)
      select 'Student ' || i, 'student' || i || '@example.in', (7000000000 + i)::text,
        array[(7000000000 + i)::text], array['student' || i || '@example.in'], array['iot'],
        now() - (${bulk} - i) * interval '1 minute', now()
      from generate_series(1, ${bulk}) as i`);
    const kavya = await createSubmission(
      db(),
      "registration",
      student({ name: "Kavya Shetty", mobile: "98450 12345", email: "Kavya.Shetty@Example.in", course: "iot" }),
      { submissionToken: `search-${Date.now()}` },
    );
    kavyaId = kavya.studentId as number;
  });

  const search = async (q: string) =>
    (await listStudentRecords(db(), { search: q }, everyRecord)).rows.map((r) => r.id);

  it("has the trigram indexes that keep a fragment search from reading every record", async () => {
    const result = await db().execute(
      sql`select indexname from pg_indexes where tablename = 'students' and indexname like '%trgm%' order by 1`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { indexname: string }[] }).rows) as {
      indexname: string;
    }[];
    expect(rows.map((row) => row.indexname)).toEqual([
      "students_email_trgm_idx",
      "students_mobile_trgm_idx",
      "students_name_trgm_idx",
    ]);
  });

  it("finds a student by a whole mobile written any way, by part of it, and by a name or e-mail fragment", async () => {
    for (const q of [
      "+919845012345",
      "+91 98450 12345",
      "098450-12345",
      "9845012345",
      "45012",
      "avya sh",
      "SHETTY",
      "kavya.shetty@",
    ]) {
      expect(await search(q), q).toEqual([kavyaId]);
    }
    expect(await search("9845012399")).toEqual([]);
    expect(await search("Nobody By This Name")).toEqual([]);
    // A search that matches no record is answered, whatever the characters.
    expect(await search("%_\\'")).toEqual([]);
  });

  it("counts matches exactly up to a window past the page, then says there are more", async () => {
    const first = await listStudentRecords(db(), { limit: 50 }, everyRecord);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]?.id).toBe(kavyaId);
    expect(first).toMatchObject({ total: 50 + recordCountWindow, atLeast: true });

    const later = await listStudentRecords(db(), { limit: 50, offset: 100 }, everyRecord);
    expect(later).toMatchObject({ total: bulk + 1, atLeast: false });

    const few = await listStudentRecords(db(), { search: "Student 11", limit: 50 }, everyRecord);
    // "Student 11", "Student 110" to "Student 119", "Student 1100" to "Student 1119" (and on).
    let exact = 0;
    for await (const _row of studentRecordRows(db(), { search: "Student 11" }, everyRecord)) exact++;
    expect(few).toMatchObject({ total: exact, atLeast: false });
    expect(few.rows.every((row) => row.name.startsWith("Student 11"))).toBe(true);
  });
});
