// The contact form's optional question and course, on both engines: posted through the page's
// action, stored as typed (within the limits), filed on the student's record as a course asked
// about (so the course's pool gets the student), shown on the desk's table and record, and in the
// CSV; refused beside the field when too long or not a course, with everything typed kept; and a
// database of the previous version keeps its enquiries when it is upgraded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { setPool } from "../../app/admissions/assignment/assignment.server";
import { loadRecordPage } from "../../app/admissions/records/record-page.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { prepareNotifications, type SubmissionForMail } from "../../app/admissions/submissions/notifications.server";
import { loadSubmissionTable } from "../../app/admissions/submissions/submission-desk.server";
import {
  createSubmission,
  listSubmissions,
  submissionCsv,
  submissionFingerprint,
} from "../../app/admissions/submissions/submission-repository.server";
import { messages, questionMaxLength } from "../../app/admissions/submissions/submission-schema";
import { openDatabase } from "../../app/platform/database.server";
import { action as contactAction } from "../../app/routes/contact";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { enquiries, questionMaxLength as storedQuestionMaxLength, students } from "../../db/schema";
import { createPostgresDatabase, describeEachEngine, useTestDatabase } from "./databases";
import { actionContext, formPost, settle, student, studentFormFields } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const site = "http://localhost:3000";

async function csvText(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

describeEachEngine("the contact form's question and course", (engine) => {
  const test = useTestDatabase(engine);
  const database = () => test.current.database;
  const db = () => database().db;
  const contact = (fields: Record<string, string>) =>
    settle(() =>
      contactAction({
        request: formPost(`${site}/contact`, fields),
        context: actionContext(database()),
        params: {},
      } as never),
    );

  beforeEach(async () => {
    await test.current.truncate();
  });

  it("the form's limit is the database's", () => {
    expect(questionMaxLength).toBe(storedQuestionMaxLength);
  });

  it("stores the question and course, files the course on the record, and the course's pool gets the student", async () => {
    const created = await createStaff(
      database(),
      {
        email: "iot.counsellor@sampige.example",
        name: "Iot Counsellor",
        role: "counsellor",
        courses: ["iot"],
        password: "correct horse battery staple kolam",
      },
      "tests",
    );
    if (!created.ok) throw new Error(created.error);
    await setPool(db(), "iot", [created.user.id]);

    const question = "  Is there a weekend batch?\r\nI work on weekdays.\t(Bengaluru)  ";
    const answer = await contact({ ...studentFormFields, course: "IoT", question, token: crypto.randomUUID() });
    expect(answer).toMatchObject({ status: 302, location: "/contact?submitted=1" });

    const [row] = (await listSubmissions(db(), "enquiry")).rows;
    expect(row).toMatchObject({
      course: "iot",
      question: "Is there a weekend batch?\nI work on weekdays.\t(Bengaluru)",
    });
    const [record] = await db()
      .select()
      .from(students)
      .where(eq(students.id, row?.studentId as number));
    expect(record?.courses).toEqual(["iot"]);
    expect(record?.ownerId).toBe(created.user.id);

    // The desk's enquiry table, and the record's forms and timeline.
    const table = await loadSubmissionTable(db(), new Request(`${site}/admin/contactform`), "enquiry");
    expect(table.rows[0]).toMatchObject({ course: "iot", question: row?.question });
    const page = await loadRecordPage(db(), record?.id as number, everyRecord);
    expect(page.submissions[0]).toMatchObject({ kind: "enquiry", course: "iot", question: row?.question });
    const arrival = page.timeline.find((entry) => entry.kind === "submission");
    expect(arrival?.detail).toMatchObject({ form: "enquiry", submissionId: row?.id, course: "iot" });

    // A counsellor of the course sees the record; one of another course does not.
    expect(await loadRecordPage(db(), record?.id as number, { all: false, courses: ["iot"] })).toBeTruthy();
    await expect(loadRecordPage(db(), record?.id as number, { all: false, courses: ["ai"] })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("an enquiry without them stores no course and an empty question", async () => {
    const answer = await contact({ ...studentFormFields, course: "", question: "   ", token: crypto.randomUUID() });
    expect(answer).toMatchObject({ status: 302 });
    const [row] = (await listSubmissions(db(), "enquiry")).rows;
    expect(row).toMatchObject({ course: null, question: "" });
    const [record] = await db().select().from(students);
    expect(record?.courses).toEqual([]);
    expect(record?.ownerId).toBeNull();
  });

  it("refuses a question over the limit or with control characters, and a course not on the list, keeping every value", async () => {
    const long = `${"Fees? ".repeat(200)}`.trim();
    expect([...long].length).toBeGreaterThan(questionMaxLength);
    const tooLong = await contact({ ...studentFormFields, course: "ai", question: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({
      formError: messages.fixErrors,
      fieldErrors: { question: messages.questionTooLong },
      values: { question: long, course: "ai", name: studentFormFields.name },
    });

    // Exactly the limit, in characters (Tamil letters are more than one UTF-16 unit only outside the BMP).
    const atLimit = "அ".repeat(questionMaxLength);
    expect(await contact({ ...studentFormFields, question: atLimit, token: crypto.randomUUID() })).toMatchObject({
      status: 302,
    });

    const control = await contact({ ...studentFormFields, question: "Hello\u0007there" });
    expect(control).toMatchObject({ status: 400, data: { fieldErrors: { question: messages.questionInvalid } } });

    const notACourse = await contact({ ...studentFormFields, course: "cobol", question: "When?" });
    expect(notACourse).toMatchObject({
      status: 400,
      data: { fieldErrors: { course: messages.courseChoiceInvalid }, values: { course: "cobol", question: "When?" } },
    });

    const { rows } = await listSubmissions(db(), "enquiry");
    expect(rows.map((row) => row.question)).toEqual([atLimit]);
  });

  it("the database refuses a question over the limit and a course not on the list, whatever writes it", async () => {
    const { course: _course, ...enquiry } = student();
    await expect(
      createSubmission(
        db(),
        "enquiry",
        { ...enquiry, question: "x".repeat(questionMaxLength + 1) },
        {
          submissionToken: "too-long",
        },
      ),
    ).rejects.toThrow();
    await expect(
      createSubmission(db(), "enquiry", { ...enquiry, course: "cobol" }, { submissionToken: "bad-course" }),
    ).rejects.toThrow();
    expect((await listSubmissions(db(), "enquiry")).total).toBe(0);
  });

  it("the enquiries CSV has the course asked about and the question, quoted, after the place", async () => {
    const { course: _course, ...enquiry } = student();
    await createSubmission(
      db(),
      "enquiry",
      { ...enquiry, course: "python fullstack", question: 'Two lines,\n"quoted"' },
      {
        submissionToken: "csv-1",
      },
    );
    await createSubmission(
      db(),
      "enquiry",
      { ...enquiry, name: "Ravi", question: "=HYPERLINK(1)" },
      {
        submissionToken: "csv-2",
      },
    );
    const csv = await csvText(submissionCsv(db(), "enquiry"));
    const [header] = csv.split("\r\n");
    expect(header).toContain("State,District,Course asked about,Question,Under 18");
    expect(csv).toContain(',Bengaluru Urban,python fullstack,"Two lines,\n""quoted""",no,');
    expect(csv).toContain(",Bengaluru Urban,,'=HYPERLINK(1),no,");
    // Registrations keep their columns as they were.
    const registrationsHeader = (await csvText(submissionCsv(db(), "registration"))).split("\r\n")[0];
    expect(registrationsHeader).not.toContain("Question");
  });

  it("the institute's e-mail about a new enquiry carries the course asked about and the question", async () => {
    const { course: _course, ...enquiry } = student();
    const data = {
      ...enquiry,
      under18: false,
      guardianName: "",
      guardianMobile: "",
      guardianConsent: false,
      consent: true,
    } as SubmissionForMail["data"];
    const write = await prepareNotifications(
      db(),
      { kind: "enquiry", data: { ...data, course: "iot", question: "Weekend batch?\nAfter 6 pm?" } },
      site,
    );
    const institute = write(7).find((message) => message.kind === "institute");
    expect(institute?.body).toContain("Course asked about: Internet of Things (IoT)");
    expect(institute?.body).toContain("Question:\nWeekend batch?\nAfter 6 pm?");
    // No coordinator is written to about an enquiry, course or not.
    expect(write(7).filter((message) => message.kind === "coordinator")).toEqual([]);
    const plain = (await prepareNotifications(db(), { kind: "enquiry", data }, site))(8);
    expect(plain.find((message) => message.kind === "institute")?.body).not.toMatch(/Course asked about|Question:/);
  });

  it("a replay of the same form stores it once; the same token with another question is a new enquiry", async () => {
    const { course: _course, ...enquiry } = student();
    const meta = { submissionToken: "replay" };
    const first = await createSubmission(db(), "enquiry", { ...enquiry, question: "Fees?" }, meta);
    const again = await createSubmission(db(), "enquiry", { ...enquiry, question: "Fees?" }, meta);
    const other = await createSubmission(db(), "enquiry", { ...enquiry, question: "Timings?" }, meta);
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect(other.duplicate).toBe(false);
  });
});

/** A copy of db/migrations that stops after the migration with this tag: the database of an older version. */
function migrationsUpTo(tag: string): string {
  const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-old-migrations-"));
  fs.cpSync("db/migrations", folder, { recursive: true });
  const tags = journal.entries.map((entry) => entry.tag);
  expect(tags).toContain(tag);
  const entries = journal.entries.slice(0, tags.indexOf(tag) + 1);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}

describeEachEngine("migrating a database made before enquiries had a question (0010)", (engine) => {
  it("keeps every enquiry, with no question and no course, and new ones store theirs", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "institute-it-question-"));
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: { tag: string }[];
    };
    // The last migration before this one, whatever number it has.
    const previous = journal.entries
      .map((entry) => entry.tag)
      .filter((tag) => tag < "0010")
      .at(-1) as string;
    const oldMigrations = migrationsUpTo(previous);
    const postgres = engine === "postgres" ? await createPostgresDatabase() : undefined;
    const open = (migrationsFolder?: string) =>
      openDatabase({ dataDir, databaseUrl: postgres?.url, migrationsFolder, purpose: "test" });
    try {
      const old = await open(oldMigrations);
      // Written as the previous version wrote them (its columns only).
      const { course: _course, ...enquiry } = student({ name: "Old Enquiry" });
      await old.db.execute(sql`
        insert into enquiries (name, email, mobile, stream, major, state, district, submission_token, submission_fingerprint)
        values (${enquiry.name}, ${enquiry.email}, ${enquiry.mobile}, ${enquiry.stream}, ${enquiry.major}, ${enquiry.state},
                ${enquiry.district}, 'before-upgrade', ${submissionFingerprint(enquiry)})`);
      await old.db.execute(sql`
        insert into registrations (name, email, mobile, stream, major, state, district, submission_token, course)
        values ('Old Registration', 'r@example.in', '9000000009', 'B.E', 'ECE', 'karnataka', 'Udupi', 'r', 'iot')`);
      await old.close();

      const upgraded = await open();
      const rows = await upgraded.db.select().from(enquiries);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: "Old Enquiry", question: "", course: null });
      expect((await listSubmissions(upgraded.db, "registration")).rows.map((row) => row.name)).toEqual([
        "Old Registration",
      ]);

      // A replay of the old form (no question) is still the same enquiry.
      const replay = await createSubmission(upgraded.db, "enquiry", enquiry, { submissionToken: "before-upgrade" });
      expect(replay).toEqual({ id: rows[0]?.id, duplicate: true });

      const fresh = await createSubmission(
        upgraded.db,
        "enquiry",
        { ...enquiry, name: "New Enquiry", course: "ai", question: "Any scholarships?" },
        { submissionToken: "after-upgrade" },
      );
      // The record counts AI as a course asked about.
      const counted = await upgraded.db.execute(
        sql`select courses from students where id = ${fresh.studentId as number}`,
      );
      expect((counted as unknown as { rows: { courses: string[] }[] }).rows[0]?.courses).toEqual(["ai"]);
      const csv = await csvText(submissionCsv(upgraded.db, "enquiry"));
      expect(csv).toContain(",ai,Any scholarships?,");
      await upgraded.close();
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(oldMigrations, { recursive: true, force: true });
    }
  });
});
