// Importing a list of leads, on both engines: .xlsx and CSV (with Excel's byte-order mark) read
// with their headers matched; a preview that counts new students, rows joining a student on the
// desk, rows repeated in the file and rows refused with their reasons; an import that stores all
// of it or none; the same file refused a second time; the spread over the course pools; one
// e-mail per owner; and an undo that removes only what the import added, refused once someone
// has worked on its students.
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeEach, expect, it } from "vitest";
import { setAway, setPool } from "../../app/admissions/assignment/assignment.server";
import { guessLeadColumns } from "../../app/admissions/intake/lead-columns";
import {
  importLeads,
  type LeadChoices,
  previewLeadImport,
  refusedRowsCsv,
  stageLeadFile,
  undoLeadImport,
} from "../../app/admissions/intake/lead-import.server";
import { addNote } from "../../app/admissions/records/record-edits.server";
import { everyRecord } from "../../app/admissions/records/record-scope.server";
import { recordTimeline } from "../../app/admissions/records/student-timeline.server";
import { createSubmission } from "../../app/admissions/submissions/submission-repository.server";
import { createStaff } from "../../app/staff/staff-accounts.server";
import { auditLog, outbox, studentIntakes, students, studentTimeline } from "../../db/schema";
import { describeEachEngine, useTestDatabase } from "./databases";
import { student } from "./fixtures";

process.env.BETTER_AUTH_SECRET ??= "integration-tests-only-secret-0123456789abcdef";
const password = "correct horse battery staple kolam";

async function xlsx(rows: (string | number)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Leads");
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const header = ["Student Name", "Mobile No", "Email ID", "Interested In", "City", "Remarks", "Lead ID"];

describeEachEngine("importing a list of leads", (engine) => {
  const test = useTestDatabase(engine);
  const db = () => test.current.database.db;
  let admin: { id: string; email: string };
  const counsellors: { id: string; email: string }[] = [];

  beforeEach(async () => {
    await test.current.truncate();
    counsellors.length = 0;
    const make = async (name: string, role: "admin" | "counsellor") => {
      const created = await createStaff(
        test.current.database,
        {
          email: `${name}@sampige.example`,
          name,
          role,
          ...(role === "counsellor" ? { courses: ["embedded", "iot"] } : {}),
          password,
        },
        "tests",
      );
      if (!created.ok) throw new Error(created.error);
      return { id: created.user.id, email: created.user.email };
    };
    admin = await make("asha", "admin");
    for (const name of ["anita", "bharath", "chitra"]) counsellors.push(await make(name, "counsellor"));
  }, 60_000);

  const choices = (columns: LeadChoices["columns"], more: Partial<LeadChoices> = {}): LeadChoices => ({
    columns,
    source: "Shiksha",
    how: "aggregator",
    assignment: { mode: "pools" },
    ...more,
  });

  it("matches headers as people write them", () => {
    expect(guessLeadColumns(header)).toEqual(["name", "mobile", "email", "course", "city", "note", "ignore"]);
    expect(guessLeadColumns(["Name", "Phone", "E-mail", "Course", "District", "State"])).toEqual([
      "name",
      "mobile",
      "email",
      "course",
      "district",
      "state",
    ]);
  });

  it("previews and imports an .xlsx: new, joining, repeated and refused rows, every column kept, one e-mail per owner", async () => {
    const stored = await createSubmission(
      db(),
      "registration",
      student({ name: "Meena R", mobile: "9845012345", email: "meena@example.in", course: "embedded" }),
      { submissionToken: "meena" },
    );
    await db()
      .update(students)
      .set({ ownerId: counsellors[2]?.id })
      .where(eq(students.id, stored.studentId as number));
    await setPool(db(), "embedded", [counsellors[0]?.id as string, counsellors[1]?.id as string]);
    const bytes = await xlsx([
      header,
      ["ಅನಿತಾ ಕೆ", "98450 11111", "anita.k@example.in", "Embedded", "Mysuru", "Wants weekend batch", "SH-1"],
      ["തോമസ് ജോർജ്", "+91 98450 22222", "", "Embedded", "Kochi", "", "SH-2"],
      ["Meena Raghavan", "098450-12345", "", "Embedded", "Bengaluru", "Second enquiry", "SH-3"],
      ["", "98450 33333", "", "IoT", "", "", "SH-4"],
      ["Anitha K", "9845011111", "", "Embedded", "Mysuru", "Same person again", "SH-5"],
      ["Ravi", "12345", "ravi@", "Embedded", "", "", "SH-6"],
      ["Suresh", "98450 44444", "", "Piano", "", "", "SH-7"],
      ["सुनीता", "98450 55555", "", "", "Delhi", "", "SH-8"],
    ]);
    const staged = await stageLeadFile(db(), { name: "shiksha-jan.xlsx", bytes }, admin);
    expect(staged.ok).toBe(true);
    if (!staged.ok) return;
    expect(staged.headers).toEqual(header);
    const preview = await previewLeadImport(db(), staged.upload, staged.columns);
    expect(preview).toMatchObject({ rows: 8, newStudents: 3, joining: 1, repeated: 1, refused: 3 });
    expect(preview.refusedRows).toEqual([
      { number: 5, reason: "No name" },
      { number: 7, reason: "No valid mobile or e-mail" },
      { number: 8, reason: "A course we do not teach: Piano" },
    ]);
    const refusedCsv = await refusedRowsCsv(db(), staged.upload, staged.headers, staged.columns);
    expect(refusedCsv.startsWith("\uFEFFRow,Reason,Student Name,Mobile No")).toBe(true);
    expect(refusedCsv).toContain("8,A course we do not teach: Piano,Suresh,98450 44444,,Piano,,,SH-7");
    // Nothing is stored by a preview.
    expect(await db().select().from(students)).toHaveLength(1);

    const imported = await importLeads(db(), staged.upload.id, choices(staged.columns), admin, {
      origin: "https://x.example",
    });
    expect(imported).toMatchObject({
      ok: true,
      counts: { rows: 8, newStudents: 3, joining: 1, repeated: 1, refused: 3 },
    });
    const records = await db().select().from(students).orderBy(students.id);
    expect(records.map((record) => record.name)).toEqual(["Meena R", "ಅನಿತಾ ಕೆ", "തോമസ് ജോർജ്", "सुनीता"]);
    // Spread over the Embedded pool in turn; a student with no course waits unassigned; Meena keeps her owner.
    expect(records[0]?.ownerId).toBe(counsellors[2]?.id);
    expect([records[1]?.ownerId, records[2]?.ownerId].sort()).toEqual([counsellors[0]?.id, counsellors[1]?.id].sort());
    expect(records[3]?.ownerId).toBeNull();
    const anita = records[1]?.id as number;
    const timeline = await recordTimeline(db(), anita);
    const lines = timeline.filter((entry) => entry.kind === "intake").map((entry) => entry.detail);
    expect(lines).toEqual([
      expect.objectContaining({ file: "shiksha-jan.xlsx", row: 6, howDetail: "Shiksha", joined: true }),
      expect.objectContaining({ file: "shiksha-jan.xlsx", row: 2, howDetail: "Shiksha", joined: false }),
    ]);
    const [kept] = await db().select().from(studentIntakes).where(eq(studentIntakes.rowNumber, 2));
    expect(kept?.row).toEqual({
      "Student Name": "ಅನಿತಾ ಕೆ",
      "Mobile No": "98450 11111",
      "Email ID": "anita.k@example.in",
      "Interested In": "Embedded",
      City: "Mysuru",
      Remarks: "Wants weekend batch",
      "Lead ID": "SH-1",
    });
    const meenaTimeline = await recordTimeline(db(), stored.studentId as number);
    expect(meenaTimeline[0]?.detail).toMatchObject({ door: "import", row: 4, joined: true });
    const mail = await db().select().from(outbox).where(eq(outbox.kind, "counsellor"));
    expect(mail.map((message) => [message.recipient, message.subject]).sort()).toEqual([
      [counsellors[0]?.email, "1 new student from Shiksha"],
      [counsellors[1]?.email, "1 new student from Shiksha"],
    ]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "lead-import.import"))).toHaveLength(1);

    // The same file again is refused with when and by whom.
    const again = await stageLeadFile(db(), { name: "copy.xlsx", bytes }, admin);
    expect(again).toMatchObject({ ok: false, status: 409, message: expect.stringContaining(`by ${admin.email}`) });
  });

  it("takes a branch from a branch or city column, else guesses it from the state, and gives each to its branch's pool", async () => {
    await setPool(db(), "embedded", [counsellors[0]?.id as string]);
    await setPool(db(), "embedded", [counsellors[1]?.id as string], "chennai");
    const rows = [
      "Name,Phone,Course,Centre,City,State",
      "Kala,9811100001,Embedded,Chennai,,",
      "Mani,9811100002,Embedded,,Bengaluru,",
      "Nila,9811100003,Embedded,Online,Madurai,Tamil Nadu",
      "Oviya,9811100004,Embedded,,,Tamil Nadu",
      "Pavan,9811100005,Embedded,Mysore,,Kerala",
    ];
    const staged = await stageLeadFile(
      db(),
      { name: "branches.csv", bytes: new TextEncoder().encode(rows.join("\n")) },
      admin,
    );
    if (!staged.ok) throw new Error(staged.message);
    expect(staged.columns).toEqual(["name", "mobile", "course", "branch", "city", "state"]);
    const imported = await importLeads(db(), staged.upload.id, choices(staged.columns), admin);
    expect(imported).toMatchObject({ ok: true, counts: { newStudents: 5, refused: 0 } });
    const records = await db().select().from(students).orderBy(students.id);
    expect(records.map((record) => [record.name, record.branch, record.branchSource])).toEqual([
      ["Kala", "chennai", "list"],
      ["Mani", "bangalore", "list"],
      ["Nila", "online", "list"],
      ["Oviya", "chennai", "state"],
      // "Mysore" names no branch of ours (the row keeps it as uploaded); Kerala guesses nothing.
      ["Pavan", null, null],
    ]);
    // Chennai's students go to the Chennai pool; the others to the course's own.
    expect(records.map((record) => record.ownerId)).toEqual([
      counsellors[1]?.id,
      counsellors[0]?.id,
      counsellors[0]?.id,
      counsellors[1]?.id,
      counsellors[0]?.id,
    ]);
    const intakes = await db().select().from(studentIntakes).orderBy(studentIntakes.id);
    expect(intakes.map((intake) => intake.branch)).toEqual(["chennai", "bangalore", "online", "", ""]);
  });

  it("reads a CSV with Excel's byte-order mark, and gives all new students to one person with one e-mail", async () => {
    const rows = [
      "\uFEFFName,Phone,Email,Course",
      ...Array.from({ length: 40 }, (_, index) => `Student ${index},9${String(800000000 + index)},,IoT`),
    ];
    const staged = await stageLeadFile(
      db(),
      { name: "fair.csv", bytes: new TextEncoder().encode(rows.join("\r\n")) },
      admin,
    );
    if (!staged.ok) throw new Error(staged.message);
    expect(staged.headers).toEqual(["Name", "Phone", "Email", "Course"]);
    const imported = await importLeads(
      db(),
      staged.upload.id,
      choices(staged.columns, {
        source: "Fair at RVCE, 12 Jan",
        how: "fair",
        assignment: { mode: "owner", ownerId: counsellors[1]?.id as string },
      }),
      admin,
    );
    expect(imported).toMatchObject({ ok: true, counts: { newStudents: 40 } });
    const owners = await db().select({ owner: students.ownerId }).from(students);
    expect(new Set(owners.map((row) => row.owner))).toEqual(new Set([counsellors[1]?.id]));
    const mail = await db().select().from(outbox);
    expect(mail.map((message) => message.subject)).toEqual(["40 new students from Fair at RVCE, 12 Jan"]);
  });

  it("spreads a list over a pool evenly, skipping an account away", async () => {
    await setPool(
      db(),
      "iot",
      counsellors.map((account) => account.id),
    );
    await setAway(db(), counsellors[2]?.id as string, true);
    const rows = [
      "Name,Mobile,Course",
      ...Array.from({ length: 30 }, (_, index) => `S ${index},9${String(700000000 + index)},IoT`),
    ];
    const staged = await stageLeadFile(
      db(),
      { name: "iot.csv", bytes: new TextEncoder().encode(rows.join("\n")) },
      admin,
    );
    if (!staged.ok) throw new Error(staged.message);
    await importLeads(db(), staged.upload.id, choices(staged.columns), admin);
    const counted = await db()
      .select({ owner: students.ownerId, n: sql<number>`count(*)::int` })
      .from(students)
      .groupBy(students.ownerId);
    expect(Object.fromEntries(counted.map((row) => [row.owner, row.n]))).toEqual({
      [counsellors[0]?.id as string]: 15,
      [counsellors[1]?.id as string]: 15,
    });
  });

  it("stores nothing when the import is interrupted in the middle", async () => {
    const rows = [
      "Name,Mobile",
      ...Array.from({ length: 1500 }, (_, index) => `S ${index},9${String(600000000 + index)}`),
    ];
    const staged = await stageLeadFile(
      db(),
      { name: "big.csv", bytes: new TextEncoder().encode(rows.join("\n")) },
      admin,
    );
    if (!staged.ok) throw new Error(staged.message);
    await expect(
      importLeads(db(), staged.upload.id, choices(staged.columns), admin, {
        onProgress: (done) => {
          if (done > 1000) throw new Error("the connection dropped");
        },
      }),
    ).rejects.toThrow("the connection dropped");
    expect(await db().select().from(students)).toHaveLength(0);
    expect(await db().select().from(studentIntakes)).toHaveLength(0);
    expect(await db().select().from(studentTimeline)).toHaveLength(0);
    // The upload is still there to import again.
    const retried = await importLeads(db(), staged.upload.id, choices(staged.columns), admin);
    expect(retried).toMatchObject({ ok: true, counts: { newStudents: 1500 } });
  }, 300_000);

  it("refuses files it cannot take, with plain messages", async () => {
    const empty = await stageLeadFile(
      db(),
      { name: "empty.csv", bytes: new TextEncoder().encode("Name,Mobile\n") },
      admin,
    );
    expect(empty).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("no rows") });
    const old = await stageLeadFile(
      db(),
      { name: "old.xls", bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]) },
      admin,
    );
    expect(old).toMatchObject({ ok: false, status: 415 });
    const big = await stageLeadFile(
      db(),
      { name: "big.csv", bytes: new Uint8Array(10 * 1024 * 1024 + 1).fill(65) },
      admin,
    );
    expect(big).toMatchObject({ ok: false, status: 413, message: expect.stringContaining("10 MB") });
    const broken = await stageLeadFile(
      db(),
      { name: "broken.xlsx", bytes: new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]) },
      admin,
    );
    expect(broken).toMatchObject({ ok: false, status: 400, message: expect.stringContaining("could not be read") });
  });

  it("undoes an import nobody worked on, and refuses once someone has", async () => {
    const stored = await createSubmission(
      db(),
      "enquiry",
      { ...student({ mobile: "9845012345", email: "meena@example.in" }), course: undefined, question: "" },
      { submissionToken: "meena" },
    );
    const csv = (name: string) =>
      stageLeadFile(
        db(),
        {
          name,
          bytes: new TextEncoder().encode(
            `Name,Mobile\nMeena,9845012345\nNew one,98450 99999\n${name},98450 8888${name.length}\n`,
          ),
        },
        admin,
      );
    const first = await csv("a.csv");
    if (!first.ok) throw new Error(first.message);
    await importLeads(db(), first.upload.id, choices(first.columns, { assignment: { mode: "unassigned" } }), admin);
    expect(await db().select().from(students)).toHaveLength(3);
    const undone = await undoLeadImport(db(), first.upload.id, admin);
    expect(undone).toEqual({ ok: true, removedStudents: 2, removedEntries: 1 });
    expect(await db().select().from(students)).toHaveLength(1);
    expect((await recordTimeline(db(), stored.studentId as number)).map((entry) => entry.kind)).toEqual(["submission"]);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, "lead-import.undo"))).toHaveLength(1);

    const second = await csv("bb.csv");
    if (!second.ok) throw new Error(second.message);
    await importLeads(db(), second.upload.id, choices(second.columns, { assignment: { mode: "unassigned" } }), admin);
    const [worked] = await db().select().from(students).where(eq(students.name, "New one"));
    await addNote(db(), worked?.id as number, "Called, will visit Monday", admin, everyRecord);
    const refused = await undoLeadImport(db(), second.upload.id, admin);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringContaining("1 of its new students has been worked on"),
    });
    expect(await db().select().from(students)).toHaveLength(3);
    const late = await undoLeadImport(db(), second.upload.id, admin, new Date(Date.now() + 25 * 60 * 60_000));
    expect(late).toMatchObject({ ok: false, message: expect.stringContaining("24 hours") });
  });
});
