// Lists of leads (aggregators' sheets, a fair's sign-up sheet) imported onto the student records.
// The upload is kept while the admin matches its columns and previews it; the import then stores
// every accepted row in one transaction (all or nothing), each row kept with its record like a
// form, a row of a student already on the desk joining that record, rows repeated in the file
// joined into one student. One file is imported once. An import can be undone for a day, as long
// as nobody has worked on the students it created.
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { poolTurns } from "~/admissions/assignment/assignment.server";
import { branchName, type StudentBranch, studentBranches } from "~/admissions/records/student-branches";
import { type Actor, addToTimeline } from "~/admissions/records/student-timeline.server";
import { states, stateValues } from "~/admissions/submissions/options";
import { isAcceptableName, isEmailAddress, tenDigitMobile } from "~/admissions/submissions/submission-schema";
import { type CsvColumn, csvHeader, csvRecord, utf8Bom } from "~/platform/csv";
import { type AppDatabase, isUniqueViolation } from "~/platform/database.server";
import { publishRecordChange } from "~/platform/events.server";
import { indiaDateTime } from "~/platform/india-time";
import { enqueueMessages, type NewOutboxMessage } from "~/platform/mail-outbox.server";
import { type CourseValue, courseCatalog } from "~/site/course-catalog";
import { recordAudit } from "~/staff/audit-log.server";
import { leadImports, studentIntakes, students, studentTimeline, user } from "../../../db/schema";
import { newStudentValues, recordsByContacts } from "./intake.server";
import { intakeSourceLabels } from "./intake-labels";
import type { IntakeSource } from "./intake-sources";
import { guessLeadColumns, type LeadField } from "./lead-columns";
import { LeadFileError, leadFileKind, maxLeadFileBytes, readLeadRows } from "./lead-file.server";

export type LeadImport = typeof leadImports.$inferSelect;

/** Who gets the list's new students: each course's pool in turn, one account, or nobody yet. */
export type LeadAssignment = { mode: "pools" } | { mode: "owner"; ownerId: string } | { mode: "unassigned" };

/**
 * Each column's meaning, in the file's order: given, or chosen from the header row when the file
 * is read (so a page that picks them by the headers does not read the file once more for them).
 */
export type LeadColumns = LeadField[] | ((headers: string[]) => LeadField[]);

export interface LeadChoices {
  /** Each column's meaning, in the file's order. */
  columns: LeadColumns;
  /** The list's source, named once for the whole file ("Shiksha", "Fair at RVCE, 12 Jan"). */
  source: string;
  how: IntakeSource;
  assignment: LeadAssignment;
}

/** A day: an upload not imported by then is given up; an import can be undone that long. */
export const undoWindowMs = 24 * 60 * 60_000;

// ---------------------------------------------------------------------------------------------
// Uploading

export type StageResult =
  | { ok: true; upload: LeadImport; headers: string[]; columns: LeadField[] }
  | { ok: false; message: string; status: number };

/** The import that took this file already, if any: who and when. */
async function importedBefore(db: AppDatabase, hash: string) {
  const [earlier] = await db
    .select({
      id: leadImports.id,
      fileName: leadImports.fileName,
      byLabel: leadImports.byLabel,
      importedAt: leadImports.importedAt,
    })
    .from(leadImports)
    .where(and(eq(leadImports.fileHash, hash), eq(leadImports.status, "imported")));
  return earlier;
}

export function alreadyImportedMessage(earlier: {
  fileName: string;
  byLabel: string;
  importedAt: Date | null;
}): string {
  const when = earlier.importedAt ? indiaDateTime.format(earlier.importedAt) : "earlier";
  return `This file was imported already, on ${when} by ${earlier.byLabel || "a staff member"} (as "${earlier.fileName}"). Nothing was imported again.`;
}

/**
 * Keeps an uploaded list for its preview: refused when it is too large, not an .xlsx or CSV file,
 * unreadable, without rows, or a file imported before. Answers its headers and their guessed meaning.
 */
export async function stageLeadFile(
  db: AppDatabase,
  file: { name: string; bytes: Uint8Array },
  actor: Actor,
): Promise<StageResult> {
  if (file.bytes.byteLength === 0) return { ok: false, status: 400, message: "Please choose a file to upload." };
  if (file.bytes.byteLength > maxLeadFileBytes)
    return { ok: false, status: 413, message: "This file is larger than 10 MB: please split it into smaller files." };
  const kind = leadFileKind(file.name, file.bytes);
  if (!kind)
    return {
      ok: false,
      status: 415,
      message: "Please upload an Excel workbook (.xlsx) or a CSV file. An old .xls file must be saved as .xlsx first.",
    };
  const hash = createHash("sha256").update(file.bytes).digest("hex");
  const earlier = await importedBefore(db, hash);
  if (earlier) return { ok: false, status: 409, message: alreadyImportedMessage(earlier) };
  let headers: string[] | undefined;
  let rows = 0;
  try {
    for await (const row of readLeadRows(kind, file.bytes)) {
      if (!headers) headers = row.cells;
      else rows++;
    }
  } catch (error) {
    if (error instanceof LeadFileError) return { ok: false, status: 400, message: error.message };
    throw error;
  }
  if (!headers || rows === 0)
    return { ok: false, status: 400, message: "This file has no rows below its header row: nothing to import." };
  // Uploads never imported are given up after a day, their files with them.
  await db
    .delete(leadImports)
    .where(and(eq(leadImports.status, "staged"), lt(leadImports.createdAt, new Date(Date.now() - undoWindowMs))));
  const name = file.name.replace(/[\p{Cc}]/gu, "").slice(0, 200) || `list.${kind}`;
  const [upload] = await db
    .insert(leadImports)
    .values({ fileName: name, fileHash: hash, file: Buffer.from(file.bytes), byId: actor.id, byLabel: actor.email })
    .returning();
  if (!upload) throw new Error("The upload was not stored.");
  return { ok: true, upload, headers, columns: guessLeadColumns(headers) };
}

export async function getLeadImport(db: AppDatabase, id: number): Promise<LeadImport | undefined> {
  const [row] = await db.select().from(leadImports).where(eq(leadImports.id, id));
  return row;
}

/** The header row of a staged upload. */
export async function stagedHeaders(upload: LeadImport): Promise<string[]> {
  if (!upload.file) return [];
  const kind = leadFileKind(upload.fileName, upload.file);
  if (!kind) return [];
  for await (const row of readLeadRows(kind, upload.file)) return row.cells;
  return [];
}

// ---------------------------------------------------------------------------------------------
// Reading rows: what each would be

/** A row of the list as it would be stored. */
export interface LeadRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  /** Header to value, every column, as uploaded. */
  row: Record<string, string>;
  name: string;
  mobile: string;
  email: string;
  courses: CourseValue[];
  state: string;
  district: string;
  /** The branch its branch column names, else its city column (Chennai, Bangalore, Online); null: neither. */
  branch: StudentBranch | null;
  note: string;
}

export type Classified =
  | (LeadRow & { outcome: "new" })
  | (LeadRow & { outcome: "joins"; studentId: number })
  | (LeadRow & { outcome: "repeat"; of: number })
  | { outcome: "refused"; number: number; row: Record<string, string>; reason: string };

const courseNames = new Map<string, CourseValue>(
  courseCatalog.flatMap((course) =>
    [course.registrationValue, course.key, course.label, course.optionLabel, course.deskLabel, course.pageId].map(
      (name) => [name.toLowerCase().replace(/[^a-z0-9]/g, ""), course.registrationValue] as const,
    ),
  ),
);

/** A course cell's courses ("Embedded, IoT"); the names we do not teach come back apart. */
function readCourses(text: string): { courses: CourseValue[]; unknown: string[] } {
  const courses: CourseValue[] = [];
  const unknown: string[] = [];
  for (const part of text.split(/[,;/|&]| and /i)) {
    const word = part.trim();
    if (!word) continue;
    const course =
      courseNames.get(word.toLowerCase().replace(/[^a-z0-9]/g, "")) ??
      courseNames.get(`python${word.toLowerCase().replace(/[^a-z0-9]/g, "")}`);
    if (course) {
      if (!courses.includes(course)) courses.push(course);
    } else unknown.push(word);
  }
  return { courses, unknown };
}

function readState(text: string): string {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (!word) return "";
  const byLabel = states.find((state) => state.label.toLowerCase().replace(/[^a-z]/g, "") === word);
  if (byLabel) return byLabel.value;
  return (stateValues as readonly string[]).includes(word) ? word : "";
}

/** The branches as lists write them: "Chennai", "Madras", "Bengaluru", "Online"... */
const branchNames = new Map<string, StudentBranch>([
  ...studentBranches.map((branch) => [branchName(branch).toLowerCase(), branch] as const),
  ...studentBranches.map((branch) => [branch, branch] as const),
  ["madras", "chennai"],
  ["bengaluru", "bangalore"],
  ["bangaluru", "bangalore"],
  ["blr", "bangalore"],
  ["chn", "chennai"],
]);

/** A branch named by a cell; null when the cell names none (the row keeps the cell as uploaded). */
function readBranch(text: string): StudentBranch | null {
  const word = text.toLowerCase().replace(/[^a-z]/g, "");
  return word ? (branchNames.get(word) ?? null) : null;
}

/** One row read by the columns' meanings: a row to store, or refused with its reason. */
function readRow(number: number, cells: string[], headers: string[], columns: LeadField[]): Classified | LeadRow {
  const row: Record<string, string> = {};
  headers.forEach((header, index) => {
    const key = header || `Column ${index + 1}`;
    row[row[key] === undefined ? key : `${key} (${index + 1})`] = cells[index] ?? "";
  });
  for (let index = headers.length; index < cells.length; index++)
    if (cells[index]) row[`Column ${index + 1}`] = cells[index] ?? "";
  const value = (field: LeadField) =>
    columns
      .map((meaning, index) => (meaning === field ? (cells[index] ?? "") : ""))
      .filter(Boolean)
      .join(", ");
  const refuse = (reason: string): Classified => ({ outcome: "refused", number, row, reason });
  const name = value("name").replace(/\s+/g, " ").trim();
  if (!name) return refuse("No name");
  if (!isAcceptableName(name)) return refuse("The name has characters that are not allowed, or is longer than 100");
  const mobiles = value("mobile")
    .split(/[,;/]/)
    .map((part) => tenDigitMobile(part.trim()))
    .filter((mobile): mobile is string => Boolean(mobile));
  const email = value("email").toLowerCase().trim();
  const goodEmail = email && isEmailAddress(email) ? email : "";
  if (mobiles.length === 0 && !goodEmail) return refuse("No valid mobile or e-mail");
  const { courses, unknown } = readCourses(value("course"));
  if (unknown.length > 0) return refuse(`A course we do not teach: ${unknown.join(", ")}`);
  return {
    number,
    row,
    name,
    mobile: mobiles[0] ?? "",
    email: goodEmail,
    courses,
    state: readState(value("state")),
    district: (value("district") || value("city")).slice(0, 100),
    branch: readBranch(value("branch")) ?? readBranch(value("city")),
    note: value("note").slice(0, 2000),
  };
}

/**
 * The upload's rows one batch at a time, each classified: new, joining a student on the desk,
 * repeating an earlier row of the file (joined into one), or refused. Only the contacts seen so
 * far are held, never the sheet, so memory does not grow with the rows' width.
 */
async function* classifiedBatches(
  db: AppDatabase,
  upload: LeadImport,
  meanings: LeadColumns,
  /** Given the header row and the columns' meanings once the file's first row is read. */
  read: { headers: string[]; columns: LeadField[] } = { headers: [], columns: [] },
  batchSize = 1_000,
): AsyncGenerator<Classified[]> {
  if (!upload.file) throw new LeadFileError("This upload is no longer held: please upload the file again.");
  const kind = leadFileKind(upload.fileName, upload.file);
  if (!kind) throw new LeadFileError("This file cannot be read.");
  /** "m:<mobile>" / "e:<email>" to the first row of the file with it. */
  const seen = new Map<string, number>();
  let headers: string[] | undefined;
  let columns: LeadField[] = [];
  let pending: { number: number; cells: string[] }[] = [];
  const flush = async (): Promise<Classified[]> => {
    const rows = pending.map((row) => readRow(row.number, row.cells, headers ?? [], columns));
    pending = [];
    const keysOf = (row: LeadRow) => [
      ...(row.mobile ? [`m:${row.mobile}`] : []),
      ...(row.email ? [`e:${row.email}`] : []),
    ];
    const fresh = rows.filter((row): row is LeadRow => !("outcome" in row));
    const onDesk = await recordsByContacts(
      db,
      fresh.map((row) => row.mobile),
      fresh.map((row) => row.email),
    );
    return rows.map((row): Classified => {
      if ("outcome" in row) return row;
      const keys = keysOf(row);
      const first = keys.map((key) => seen.get(key)).find((number) => number !== undefined);
      for (const key of keys) if (!seen.has(key)) seen.set(key, first ?? row.number);
      if (first !== undefined) return { ...row, outcome: "repeat", of: first };
      const studentId = keys.map((key) => onDesk.get(key)).find((id) => id !== undefined);
      return studentId !== undefined ? { ...row, outcome: "joins", studentId } : { ...row, outcome: "new" };
    });
  };
  for await (const row of readLeadRows(kind, upload.file)) {
    if (!headers) {
      headers = row.cells;
      columns = typeof meanings === "function" ? meanings(headers) : meanings;
      read.headers = headers;
      read.columns = columns;
      continue;
    }
    pending.push(row);
    if (pending.length >= batchSize) yield await flush();
  }
  if (pending.length > 0) yield await flush();
}

export interface LeadPreview {
  rows: number;
  newStudents: number;
  joining: number;
  repeated: number;
  refused: number;
  /** The first rows as they would be stored. */
  sample: Classified[];
  /** The first refused rows, with their numbers and reasons. */
  refusedRows: { number: number; reason: string }[];
  /** The file's header row, and the meaning each column was read by. */
  headers: string[];
  columns: LeadField[];
}

/** What the import would do, without storing anything. */
export async function previewLeadImport(
  db: AppDatabase,
  upload: LeadImport,
  columns: LeadColumns,
): Promise<LeadPreview> {
  const preview: LeadPreview = {
    rows: 0,
    newStudents: 0,
    joining: 0,
    repeated: 0,
    refused: 0,
    sample: [],
    refusedRows: [],
    headers: [],
    columns: [],
  };
  for await (const batch of classifiedBatches(db, upload, columns, preview)) {
    for (const row of batch) {
      preview.rows++;
      if (preview.sample.length < 10) preview.sample.push(row);
      if (row.outcome === "new") preview.newStudents++;
      else if (row.outcome === "joins") preview.joining++;
      else if (row.outcome === "repeat") preview.repeated++;
      else {
        preview.refused++;
        if (preview.refusedRows.length < 200) preview.refusedRows.push({ number: row.number, reason: row.reason });
      }
    }
  }
  return preview;
}

/**
 * The refused rows as a CSV file, every column as uploaded and a reason column, to fix and upload
 * again. `headers`: the upload's header row (stagedHeaders), which the caller read for the columns.
 */
export async function refusedRowsCsv(
  db: AppDatabase,
  upload: LeadImport,
  headers: readonly string[],
  columns: LeadField[],
): Promise<string> {
  const csvColumns: CsvColumn<Record<string, string>>[] = [
    { header: "Row", value: (row) => row.__row ?? "" },
    { header: "Reason", value: (row) => row.__reason ?? "" },
    ...headers.map((header, index) => ({
      header: header || `Column ${index + 1}`,
      value: (row: Record<string, string>) => row[`c${index}`] ?? "",
    })),
  ];
  const lines = [utf8Bom + csvHeader(csvColumns)];
  for await (const batch of classifiedBatches(db, upload, columns)) {
    for (const row of batch) {
      if (row.outcome !== "refused") continue;
      const values = Object.values(row.row);
      const record: Record<string, string> = { __row: String(row.number), __reason: row.reason };
      values.forEach((value, index) => {
        record[`c${index}`] = value;
      });
      lines.push(csvRecord(csvColumns, record));
    }
  }
  return lines.join("");
}

// ---------------------------------------------------------------------------------------------
// Importing

export type ImportResult =
  | { ok: true; upload: LeadImport; counts: Record<string, number> }
  | { ok: false; message: string; status: number };

/** Progress of an import: rows done of rows in all (the page's progress bar). */
export type ImportProgress = (done: number) => void | Promise<void>;

/**
 * Imports a staged upload in one transaction: nothing is stored unless all of it is. New
 * students get records (assigned as chosen), rows of students on the desk join them (their
 * owners stay), repeated rows join the student of their first row; each row is kept as an
 * intake with the row as uploaded, and each student's timeline says where it came from. Each
 * owner gets one e-mail about the list's new students.
 */
export async function importLeads(
  db: AppDatabase,
  uploadId: number,
  choices: LeadChoices,
  actor: Actor,
  { onProgress, origin = "" }: { onProgress?: ImportProgress; origin?: string } = {},
): Promise<ImportResult> {
  const source = choices.source
    .replace(/[\p{Cc}]/gu, "")
    .trim()
    .slice(0, 200);
  if (!source)
    return { ok: false, status: 400, message: "Please name the list's source, e.g. Shiksha or Fair at RVCE, 12 Jan." };
  let notify: { email: string; count: number }[] = [];
  try {
    const result = await db.transaction(async (tx): Promise<ImportResult> => {
      const [upload] = await tx.select().from(leadImports).where(eq(leadImports.id, uploadId)).for("update");
      if (!upload)
        return { ok: false, status: 404, message: "This upload is not held any more: please upload the file again." };
      if (upload.status === "imported") {
        return { ok: false, status: 409, message: alreadyImportedMessage(upload) };
      }
      if (upload.status !== "staged" || !upload.file)
        return { ok: false, status: 409, message: "This upload is not held any more: please upload the file again." };
      const earlier = await importedBefore(tx, upload.fileHash);
      if (earlier) return { ok: false, status: 409, message: alreadyImportedMessage(earlier) };
      const fileLabel = upload.fileName;
      const touch = { utmSource: intakeSourceLabels[choices.how], utmMedium: "import", utmCampaign: source };
      const counts = { rows: 0, newStudents: 0, joining: 0, repeated: 0, refused: 0 };
      /** "m:"/"e:" key of a row's contact to the student it went to (new ones of this file). */
      const studentOfRow = new Map<number, number>();
      /** The new students by the pool they go to: their first course's, for their branch. */
      const newByPool = new Map<
        string,
        { course: CourseValue | undefined; branch: StudentBranch | null; ids: number[] }
      >();
      const allNew: number[] = [];
      const entry = (studentId: number, row: LeadRow, joined: boolean) => ({
        studentId,
        kind: "intake" as const,
        actor,
        detail: {
          door: "import",
          importId: upload.id,
          file: fileLabel,
          row: row.number,
          how: choices.how,
          howDetail: source,
          courses: row.courses,
          note: row.note,
          joined,
        },
      });
      const intakeOf = (studentId: number, row: LeadRow, createdRecord: boolean) => ({
        studentId,
        importId: upload.id,
        door: "import" as const,
        how: choices.how,
        howDetail: source,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        state: row.state,
        district: row.district,
        courses: row.courses,
        branch: row.branch ?? "",
        note: row.note,
        consent: "aggregator" as const,
        rowNumber: row.number,
        row: row.row,
        createdRecord,
        ...touch,
        createdBy: actor.email,
      });
      for await (const batch of classifiedBatches(tx, upload, choices.columns)) {
        const fresh = batch.filter((row): row is LeadRow & { outcome: "new" } => row.outcome === "new");
        const ids: number[] = [];
        if (fresh.length > 0) {
          const inserted = await tx
            .insert(students)
            .values(fresh.map((row) => newStudentValues({ ...row, branchGivenBy: "list" })))
            .returning({ id: students.id, mobile: students.mobile, email: students.email, branch: students.branch });
          // Each new row has its own mobile and e-mail (repeats were joined): match them back by those.
          const byContact = new Map(inserted.map((row) => [`${row.mobile}|${row.email}`, row]));
          for (const row of fresh) {
            const stored = byContact.get(`${row.mobile}|${row.email}`);
            if (stored === undefined) throw new Error("A new student's record was not stored.");
            const id = stored.id;
            ids.push(id);
            studentOfRow.set(row.number, id);
            allNew.push(id);
            // The pools go by course and branch (the branch's pool of the course, else its own).
            const key = `${row.courses[0] ?? ""}|${stored.branch ?? ""}`;
            let pool = newByPool.get(key);
            if (!pool) {
              pool = { course: row.courses[0], branch: stored.branch, ids: [] };
              newByPool.set(key, pool);
            }
            pool.ids.push(id);
          }
        }
        const intakes: ReturnType<typeof intakeOf>[] = [];
        const entries: ReturnType<typeof entry>[] = [];
        for (const row of batch) {
          counts.rows++;
          if (row.outcome === "refused") {
            counts.refused++;
            continue;
          }
          let studentId: number;
          if (row.outcome === "new") {
            counts.newStudents++;
            studentId = studentOfRow.get(row.number) as number;
          } else if (row.outcome === "joins") {
            counts.joining++;
            studentId = row.studentId;
          } else {
            counts.repeated++;
            const first = studentOfRow.get(row.of);
            if (first === undefined) continue;
            studentId = first;
          }
          if (row.outcome !== "new") studentOfRow.set(row.number, studentId);
          intakes.push(intakeOf(studentId, row, row.outcome === "new"));
          entries.push(entry(studentId, row, row.outcome !== "new"));
        }
        if (intakes.length > 0) await tx.insert(studentIntakes).values(intakes);
        await addToTimeline(tx, entries);
        await onProgress?.(counts.rows);
      }
      if (counts.newStudents + counts.joining + counts.repeated === 0)
        return {
          ok: false,
          status: 400,
          message:
            "Every row of this list was refused: nothing was imported. Download the refused rows, fix them and upload again.",
        };

      // Owners of the new students, as the admin chose.
      const owners = new Map<string, number[]>();
      if (choices.assignment.mode === "owner") {
        owners.set(choices.assignment.ownerId, allNew);
      } else if (choices.assignment.mode === "pools") {
        for (const { course, branch, ids } of newByPool.values()) {
          if (!course) continue;
          const turns = await poolTurns(tx, course, branch);
          if (!turns) continue;
          for (const id of ids) {
            const owner = turns.next();
            const given = owners.get(owner);
            if (given) given.push(id);
            else owners.set(owner, [id]);
          }
          await turns.save();
        }
      }
      for (const [ownerId, ids] of owners) {
        for (let start = 0; start < ids.length; start += 2_000) {
          const part = ids.slice(start, start + 2_000);
          const updated = await tx
            .update(students)
            .set({ ownerId, version: sql`${students.version} + 1` })
            .where(inArray(students.id, part))
            .returning({ id: students.id, version: students.version });
          await addToTimeline(
            tx,
            updated.map((row) => ({
              studentId: row.id,
              kind: "owner" as const,
              actor,
              detail: {
                from: null,
                to: ownerId,
                rule: choices.assignment.mode === "pools" ? "pool" : "import",
                importId: upload.id,
                version: row.version,
              },
            })),
          );
        }
      }
      const ownerAccounts = owners.size
        ? await tx
            .select({ id: user.id, email: user.email })
            .from(user)
            .where(inArray(user.id, [...owners.keys()]))
        : [];
      notify = ownerAccounts.map((account) => ({ email: account.email, count: owners.get(account.id)?.length ?? 0 }));
      const messages: NewOutboxMessage[] = notify
        .filter((owner) => owner.count > 0)
        .map((owner) => ({
          kind: "counsellor",
          recipient: owner.email,
          subject: `${owner.count} new ${owner.count === 1 ? "student" : "students"} from ${source}`,
          body: [
            `${owner.count} new ${owner.count === 1 ? "student" : "students"} from the list "${source}" (${fileLabel}) ${owner.count === 1 ? "is" : "are"} now yours on the admissions desk.`,
            "",
            `Your students: ${origin}/desk/day`,
          ].join("\n"),
        }));
      await enqueueMessages(tx, messages);
      const assignment =
        choices.assignment.mode === "owner" ? `owner:${choices.assignment.ownerId}` : choices.assignment.mode;
      const [done] = await tx
        .update(leadImports)
        .set({
          status: "imported",
          file: null,
          source,
          how: choices.how,
          counts,
          assignment,
          importedAt: new Date(),
          byId: actor.id,
          byLabel: actor.email,
        })
        .where(eq(leadImports.id, upload.id))
        .returning();
      await recordAudit(tx, {
        actor: actor.email,
        action: "lead-import.import",
        subject: `${fileLabel}: ${counts.newStudents} new, ${counts.joining + counts.repeated} joined, ${counts.refused} refused`,
        detail: { importId: upload.id, source, ...counts, assignment },
      });
      return { ok: true, upload: done as LeadImport, counts };
    });
    // Open desks reload their lists (one notice for the whole list, to every desk).
    if (result.ok) publishRecordChange({ id: 0, courses: allCourseValues });
    return result;
  } catch (error) {
    if (error instanceof LeadFileError) return { ok: false, status: 400, message: error.message };
    if (isUniqueViolation(error)) {
      const upload = await getLeadImport(db, uploadId);
      const earlier = upload ? await importedBefore(db, upload.fileHash) : undefined;
      if (earlier) return { ok: false, status: 409, message: alreadyImportedMessage(earlier) };
    }
    throw error;
  }
}

const allCourseValues: string[] = courseCatalog.map((course) => course.registrationValue);

// ---------------------------------------------------------------------------------------------
// Undoing

export type UndoResult =
  | { ok: true; removedStudents: number; removedEntries: number }
  | { ok: false; message: string; status: number };

/**
 * Undoes an import within a day of it, unless someone has worked on one of the students it
 * created (any timeline entry the import did not write, a form that arrived since): the
 * students it created go, with their intakes and entries, and the intakes and entries it added
 * to students already on the desk go; nothing anyone did since is removed. In the audit log.
 */
export async function undoLeadImport(db: AppDatabase, id: number, actor: Actor, now = new Date()): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    const [upload] = await tx.select().from(leadImports).where(eq(leadImports.id, id)).for("update");
    if (upload?.status !== "imported" || !upload.importedAt)
      return { ok: false, status: 404, message: "There is no such import to undo." };
    if (now.getTime() - upload.importedAt.getTime() > undoWindowMs)
      return { ok: false, status: 409, message: "An import can be undone for 24 hours only: this one is older." };
    const created = tx
      .select({ id: studentIntakes.studentId })
      .from(studentIntakes)
      .where(and(eq(studentIntakes.importId, id), eq(studentIntakes.createdRecord, true)));
    const [worked] = await tx
      .select({ n: sql<number>`count(distinct ${studentTimeline.studentId})::int` })
      .from(studentTimeline)
      .where(
        and(
          inArray(studentTimeline.studentId, created),
          sql`coalesce(${studentTimeline.detail} ->> 'importId', '') <> ${String(id)}`,
        ),
      );
    if ((worked?.n ?? 0) > 0) {
      return {
        ok: false,
        status: 409,
        message: `This import cannot be undone: ${worked?.n} of its new students ${worked?.n === 1 ? "has" : "have"} been worked on since (a call, a note, a change or a new form). Nothing was removed.`,
      };
    }
    const removed = await tx.delete(students).where(inArray(students.id, created)).returning({ id: students.id });
    const entries = await tx
      .delete(studentTimeline)
      .where(
        sql`${studentTimeline.kind} in ('intake', 'owner') and ${studentTimeline.detail} ->> 'importId' = ${String(id)}`,
      )
      .returning({ id: studentTimeline.id });
    await tx.delete(studentIntakes).where(eq(studentIntakes.importId, id));
    await tx
      .update(leadImports)
      .set({ status: "undone", undoneAt: now, undoneBy: actor.email })
      .where(eq(leadImports.id, id));
    await recordAudit(tx, {
      actor: actor.email,
      action: "lead-import.undo",
      subject: `${upload.fileName}: ${removed.length} students and ${entries.length} entries on other records removed`,
      detail: { importId: id, removedStudents: removed.length, removedEntries: entries.length },
    });
    return { ok: true, removedStudents: removed.length, removedEntries: entries.length };
  });
}

/** The latest imports, newest first (the import page's list). */
export async function recentLeadImports(db: AppDatabase, limit = 20): Promise<LeadImport[]> {
  return db
    .select()
    .from(leadImports)
    .where(inArray(leadImports.status, ["imported", "undone"]))
    .orderBy(sql`${leadImports.createdAt} desc`)
    .limit(limit);
}
