import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { exportSubmissionTable } from "../../app/admissions/submissions/submission-desk.server";
import { fileSubmission } from "../../app/admissions/submissions/submission-filing.server";
import {
  createSubmission,
  fileForm,
  formToFile,
  getSubmission,
  listSubmissions,
  type SubmissionFields,
  submissionCsvColumns,
  submissionRows,
} from "../../app/admissions/submissions/submission-repository.server";
import { csvHeader } from "../../app/platform/csv";
import { enquiries, registrations } from "../../db/schema";
import { describeEachEngine, studentRowsReadWhole, useTestDatabase } from "./databases";
import { student } from "./fixtures";

function enquiryOf(overrides: Partial<SubmissionFields> = {}): SubmissionFields {
  const { course: _course, ...fields } = student(overrides);
  return fields;
}

let tokens = 0;
const token = () => `token-${Date.now()}-${++tokens}`;

describeEachEngine("enquiries and registrations", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;

  beforeEach(async () => {
    await test.current.truncate();
  });

  it("applies the migrations to a fresh database", async () => {
    const tables = await db().execute(sql`select tablename from pg_tables where schemaname = 'public'`);
    const names = (tables as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
    expect(names).toEqual(
      expect.arrayContaining([
        "enquiries",
        "registrations",
        "course_start_dates",
        "placed_students",
        "audit_log",
        "user",
        "session",
        "account",
        "verification",
      ]),
    );
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    const applied = await db().execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);
  });

  it("stores an enquiry with the server's time, whatever the caller sends", async () => {
    const before = Date.now();
    const sneaky = { ...enquiryOf(), createdAt: new Date("2001-01-01"), status: "enrolled" } as SubmissionFields;
    const stored = await createSubmission(db(), "enquiry", sneaky, { submissionToken: token() });
    expect(stored.duplicate).toBe(false);
    const row = await getSubmission(db(), "enquiry", stored.id);
    expect(row).toMatchObject({ ...enquiryOf(), status: "new", notes: "", statusUpdatedAt: null });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("stores a registration with its course", async () => {
    const stored = await createSubmission(db(), "registration", student({ course: "python fullstack" }), {
      submissionToken: token(),
    });
    const { rows } = await listSubmissions(db(), "registration");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: stored.id, course: "python fullstack", name: "Priya Raman", status: "new" });
  });

  it("refuses a course that is not offered", async () => {
    await expect(
      createSubmission(db(), "registration", student({ course: "cooking" }), { submissionToken: token() }),
    ).rejects.toThrow();
  });

  it("stores one enquiry for a token sent twice", async () => {
    const submissionToken = token();
    const first = await createSubmission(db(), "enquiry", enquiryOf(), { submissionToken });
    const again = await createSubmission(db(), "enquiry", enquiryOf(), { submissionToken });
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect((await listSubmissions(db(), "enquiry")).total).toBe(1);
  });

  it("stores the same token with other answers as an entry of its own, and each once", async () => {
    const submissionToken = token();
    const first = await createSubmission(db(), "enquiry", enquiryOf(), { submissionToken });
    const other = enquiryOf({ name: "Arjun Nair", email: "arjun.nair@example.in" });
    const second = await createSubmission(db(), "enquiry", other, { submissionToken });
    const secondAgain = await createSubmission(db(), "enquiry", other, { submissionToken });
    // Under 18 with a guardian is other answers too.
    const minor = {
      ...other,
      under18: true,
      guardianName: "Meena Nair",
      guardianMobile: "9876500000",
      guardianConsent: true,
    };
    const third = await createSubmission(db(), "enquiry", minor, { submissionToken });
    expect(second.duplicate).toBe(false);
    expect(second.id).not.toBe(first.id);
    expect(secondAgain).toEqual({ id: second.id, duplicate: true });
    expect(third.duplicate).toBe(false);
    expect((await listSubmissions(db(), "enquiry")).total).toBe(3);
  });

  it("stores one entry when the same token arrives at the same moment", async () => {
    const enquiryToken = token();
    const registrationToken = token();
    const [enquiryResults, registrationResults] = await Promise.all([
      Promise.all(
        [1, 2, 3].map(() => createSubmission(db(), "enquiry", enquiryOf(), { submissionToken: enquiryToken })),
      ),
      Promise.all(
        [1, 2, 3].map(() => createSubmission(db(), "registration", student(), { submissionToken: registrationToken })),
      ),
    ]);
    for (const results of [enquiryResults, registrationResults]) {
      expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
      expect(new Set(results.map((result) => result.id)).size).toBe(1);
    }
    expect((await listSubmissions(db(), "enquiry")).total).toBe(1);
    expect((await listSubmissions(db(), "registration")).total).toBe(1);
  });

  it("files forms that arrive at once in one statement, each exactly once, a student's two forms on one record", async () => {
    const database = test.current.database;
    const person = (n: number) => ({
      name: `Student ${n}`,
      email: `student${n}@example.in`,
      mobile: `90000000${10 + n}`,
    });
    const replayToken = token();
    const kavya = { name: "Kavya Shetty", email: "kavya.shetty@example.in", mobile: "9845012345" };
    // The first two are filed at once, each alone (PostgreSQL files two statements side by side);
    // the rest arrive while they are being filed, and wait for one statement together.
    const openers = [1, 2].map((n) =>
      fileSubmission(database, "enquiry", enquiryOf(person(n)), { submissionToken: token() }),
    );
    const together = [
      fileSubmission(database, "registration", student(kavya), { submissionToken: replayToken }),
      fileSubmission(database, "registration", student(kavya), { submissionToken: replayToken }),
      fileSubmission(database, "enquiry", enquiryOf({ ...kavya, question: "Is there a weekend batch?" }), {
        submissionToken: token(),
      }),
      ...[3, 4, 5].map((n) =>
        fileSubmission(database, "registration", student(person(n)), { submissionToken: token() }),
      ),
    ];
    await Promise.all(openers);
    const [registered, replayed, enquired, ...others] = await Promise.all(together);
    expect(registered?.duplicate).toBe(false);
    expect(replayed).toEqual({ id: registered?.id, duplicate: true });
    expect(enquired?.studentId).toBe(registered?.studentId);
    expect(new Set(others.map((stored) => stored.studentId)).size).toBe(3);
    expect((await listSubmissions(db(), "enquiry")).total).toBe(3);
    expect((await listSubmissions(db(), "registration")).total).toBe(4);
    // One statement is one transaction: its forms share the moment it began, to the microsecond.
    const times = await db()
      .select({ createdAt: sql<string>`${registrations.createdAt}::text` })
      .from(registrations);
    expect(new Set(times.map((row) => row.createdAt)).size).toBe(1);
  });

  it("finds each form's student by an index even when the filing was planned on nearly empty tables", async () => {
    // A connection keeps the filing's plans from its first forms on, made while the tables held a
    // few rows; they must not read the students or their facts whole as the tables grow.
    const person = (n: number) => ({
      name: `Student ${n}`,
      email: `student${n}@example.in`,
      mobile: `90000${10000 + n}`,
    });
    const file = (executor: Parameters<typeof fileForm>[0], n: number) =>
      n % 2
        ? fileForm(executor, formToFile("enquiry", enquiryOf(person(n)), { submissionToken: token() }))
        : fileForm(executor, formToFile("registration", student(person(n)), { submissionToken: token() }));
    const readWhole = await studentRowsReadWhole(test.current.database, async (tx) => {
      for (let n = 1; n <= 40; n++) await file(tx, n);
      // Forms of two students already on the desk.
      await file(tx, 3);
      await file(tx, 2);
    });
    expect(readWhole).toEqual({ students: 0, studentFacts: 0 });
    expect((await listSubmissions(db(), "enquiry")).total).toBe(21);
    expect((await listSubmissions(db(), "registration")).total).toBe(21);
  });

  it("files the rest of a group when the database refuses one of its forms, and stores nothing of that one", async () => {
    const database = test.current.database;
    const opener = fileSubmission(database, "enquiry", enquiryOf(), { submissionToken: token() });
    const secondOpener = fileSubmission(database, "enquiry", enquiryOf({ name: "Arjun Nair" }), {
      submissionToken: token(),
    });
    // Settled as they end, so the refused one is never a rejection without a handler, whichever
    // ends first (on PostgreSQL the group may be filed beside the openers).
    const group = Promise.allSettled([
      fileSubmission(
        database,
        "registration",
        student({ name: "Meena", mobile: "9000000001", email: "m@example.in" }),
        {
          submissionToken: token(),
        },
      ),
      fileSubmission(
        database,
        "registration",
        student({ course: "cooking", mobile: "9000000002", email: "c@example.in" }),
        {
          submissionToken: token(),
        },
      ),
      fileSubmission(database, "registration", student({ name: "Ravi", mobile: "9000000003", email: "r@example.in" }), {
        submissionToken: token(),
      }),
    ]);
    await Promise.all([opener, secondOpener]);
    const [meena, cooking, ravi] = await group;
    expect(meena?.status).toBe("fulfilled");
    expect(cooking?.status).toBe("rejected");
    expect(ravi?.status).toBe("fulfilled");
    const { rows } = await listSubmissions(db(), "registration");
    expect(rows.map((row) => row.name).sort()).toEqual(["Meena", "Ravi"]);
  });

  it("keeps names with SQL, HTML and Indian scripts exactly as given", async () => {
    const names = [
      "Robert'); DROP TABLE enquiries;--",
      '<script>alert("hi")</script> & <b>bold</b>',
      "தமிழ்செல்வி முருகன்",
      "ಕಾವ್ಯ ಶೆಟ್ಟಿ",
      "Zoë 😀 O'Brien \\ %_",
    ];
    for (const name of names) {
      await createSubmission(db(), "enquiry", enquiryOf({ name, district: "காஞ்சிபுரம்" }), { submissionToken: token() });
      await createSubmission(db(), "registration", student({ name }), { submissionToken: token() });
    }
    const stored = (await listSubmissions(db(), "enquiry")).rows.map((row) => row.name);
    expect(stored.sort()).toEqual([...names].sort());
    expect((await listSubmissions(db(), "enquiry")).rows.every((row) => row.district === "காஞ்சிபுரம்")).toBe(true);
    expect((await listSubmissions(db(), "registration")).rows.map((row) => row.name).sort()).toEqual([...names].sort());
    expect((await listSubmissions(db(), "enquiry", { search: "தமிழ்" })).rows.map((row) => row.name)).toEqual([
      names[2],
    ]);
  });

  it("lists newest first within a time window", async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const ages = { old: 10, week: 6, yesterday: 1, today: 0 };
    for (const [name, daysAgo] of Object.entries(ages)) {
      const { id } = await createSubmission(db(), "enquiry", enquiryOf({ name }), { submissionToken: token() });
      await db()
        .update(enquiries)
        .set({ createdAt: new Date(now - daysAgo * day) })
        .where(eq(enquiries.id, id));
    }
    const all = await listSubmissions(db(), "enquiry");
    expect(all.rows.map((row) => row.name)).toEqual(["today", "yesterday", "week", "old"]);

    const lastWeek = await listSubmissions(db(), "enquiry", { since: new Date(now - 604_800_000) });
    expect(lastWeek.rows.map((row) => row.name)).toEqual(["today", "yesterday", "week"]);
    expect(lastWeek.total).toBe(3);

    const before = await listSubmissions(db(), "enquiry", {
      since: new Date(now - 8 * day),
      until: new Date(now - day / 2),
    });
    expect(before.rows.map((row) => row.name)).toEqual(["yesterday", "week"]);
  });

  it("searches names, e-mails and mobiles in any case, % and _ matching only themselves", async () => {
    const people = [
      { name: "Arjun Nair", email: "arjun@example.in", mobile: "9000000001" },
      { name: "Kavya Shetty", email: "KAVYA.S@Example.in", mobile: "9000000002" },
      { name: "100% Sure", email: "sure@example.in", mobile: "9123456789" },
      { name: "Under_score", email: "under@example.in", mobile: "9000000004" },
      { name: "Underxscore", email: "x@example.in", mobile: "9000000005" },
    ];
    for (const person of people)
      await createSubmission(db(), "enquiry", enquiryOf(person), { submissionToken: token() });
    const names = async (search: string) =>
      (await listSubmissions(db(), "enquiry", { search })).rows.map((row) => row.name).sort();

    expect(await names("arjun")).toEqual(["Arjun Nair"]);
    expect(await names("kavya.s@EXAMPLE")).toEqual(["Kavya Shetty"]);
    expect(await names("00002")).toEqual(["Kavya Shetty"]);
    expect(await names("91234 56789")).toEqual(["100% Sure"]);
    expect(await names("%")).toEqual(["100% Sure"]);
    expect(await names("0% s")).toEqual(["100% Sure"]);
    expect(await names("r_s")).toEqual(["Under_score"]);
    expect(await names("_")).toEqual(["Under_score"]);
    expect(await names("  ")).toHaveLength(people.length);
    expect(await names("nobody")).toEqual([]);
  });

  it("pages with limit and offset, counting every match", async () => {
    for (let index = 1; index <= 7; index++) {
      await createSubmission(db(), "enquiry", enquiryOf({ name: `Student ${index}` }), { submissionToken: token() });
    }
    const first = await listSubmissions(db(), "enquiry", { limit: 3 });
    const third = await listSubmissions(db(), "enquiry", { limit: 3, offset: 6 });
    expect(first.total).toBe(7);
    expect(first.rows.map((row) => row.name)).toEqual(["Student 7", "Student 6", "Student 5"]);
    expect(third.rows.map((row) => row.name)).toEqual(["Student 1"]);
    expect((await listSubmissions(db(), "enquiry", { limit: 3, offset: 3, search: "student" })).rows).toHaveLength(3);
  });

  it("gives a coordinator only their course", async () => {
    const courses = ["embedded", "python fullstack", "iot", "ai", "matlab", "embedded"];
    for (const [index, course] of courses.entries()) {
      await createSubmission(db(), "registration", student({ course, name: `Learner ${index}` }), {
        submissionToken: token(),
      });
    }
    const embedded = await listSubmissions(db(), "registration", { course: "embedded" });
    expect(embedded.total).toBe(2);
    expect(embedded.rows.map((row) => row.name)).toEqual(["Learner 5", "Learner 0"]);
    const python = await listSubmissions(db(), "registration", { course: "python fullstack", search: "learner" });
    expect(python.rows.map((row) => row.name)).toEqual(["Learner 1"]);
    expect((await listSubmissions(db(), "registration", { course: "ai", search: "Learner 1" })).total).toBe(0);
  });

  it("exports every entry, oldest first, beyond one batch", async () => {
    const count = 1_234;
    const rows = Array.from({ length: count }, (_, index) => ({
      ...enquiryOf({ name: `Bulk ${index}` }),
      submissionToken: `bulk-${index}`,
    }));
    await db().insert(enquiries).values(rows);
    await db()
      .insert(registrations)
      .values(rows.slice(0, 3).map((row) => ({ ...row, course: "iot" as const })));

    const exported: string[] = [];
    for await (const row of submissionRows(db(), "enquiry")) exported.push(row.name);
    expect(exported).toHaveLength(count);
    expect(exported[0]).toBe("Bulk 0");
    expect(exported.at(-1)).toBe(`Bulk ${count - 1}`);
    expect(new Set(exported).size).toBe(count);

    const registered: string[] = [];
    for await (const row of submissionRows(db(), "registration")) registered.push(row.name);
    expect(registered).toEqual(["Bulk 0", "Bulk 1", "Bulk 2"]);
  });

  it("downloads a desk table's CSV as the table filters it, streamed with the command line's columns", async () => {
    await createSubmission(db(), "registration", student({ name: "Kavya IoT", course: "iot" }), {
      submissionToken: token(),
    });
    await createSubmission(db(), "registration", student({ name: "Kavya AI", course: "ai" }), {
      submissionToken: token(),
    });
    await createSubmission(db(), "registration", student({ name: "Ravi IoT", course: "iot" }), {
      submissionToken: token(),
    });
    const request = new Request("http://localhost/onlineuser/iot?range=all&q=kavya");
    const response = exportSubmissionTable(db(), request, "registration", { course: "iot" });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="registrations-iot-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte-order mark first, so Excel reads the names as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe(csvHeader(submissionCsvColumns("registration")).trimEnd());
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Kavya IoT");
  });
});
