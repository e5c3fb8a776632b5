// A batch's roster on the course's desk (decision 032): the students enrolled in it with their
// mobile, e-mail and owner, as a page and as a CSV file for the trainer's attendance sheet; and
// the enrolled students to tell when the batch's first day moves, each with a WhatsApp message.
import { asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { internationalMobile } from "~/admissions/records/student-contact";
import { batchMovedTemplate, fillTemplate, whatsappChatHref } from "~/admissions/whatsapp/whatsapp-templates";
import { site } from "~/config/site";
import { csvDownload } from "~/platform/csv-download.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxRowId } from "~/platform/form-data.server";
import { indiaDay } from "~/platform/india-time";
import { batchDateLabel, batchDaysLabels, timingsLabel } from "~/site/batch-rules";
import { type BatchRow, type CountedBatch, getCourseBatch, lastDayOf, toPublic } from "~/site/batches.server";
import { type CourseKey, courseByKey } from "~/site/course-catalog";
import { students, user } from "../../../db/schema";
import { enrolmentLine, seatsTaken } from "./enrolment.server";

/** A student enrolled in a batch, as its roster shows them. */
export interface RosterStudent {
  id: number;
  name: string;
  mobile: string;
  email: string;
  ownerName: string | null;
}

/** The students enrolled in a batch, by name. */
export async function enrolledStudents(db: AppDatabase, batchId: number): Promise<RosterStudent[]> {
  return db
    .select({
      id: students.id,
      name: students.name,
      mobile: students.mobile,
      email: students.email,
      ownerName: user.name,
    })
    .from(students)
    .leftJoin(user, eq(user.id, students.ownerId))
    .where(eq(students.batchId, batchId))
    .orderBy(asc(students.name), asc(students.id));
}

/** A batch id from the URL, of this course: else 404 (another course's batch is not found here). */
async function courseBatchOf(db: AppDatabase, courseKey: CourseKey, value: string | undefined): Promise<CountedBatch> {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1 || id > maxRowId) throw data(null, { status: 404 });
  const batch = await getCourseBatch(db, courseKey, id);
  if (!batch) throw data(null, { status: 404 });
  return batch;
}

/** The roster page of a batch of this course. */
export async function loadBatchRoster(
  db: AppDatabase,
  desk: { courseKey: CourseKey; base: string; recordsBase: string },
  batchParam: string | undefined,
) {
  const batch = await courseBatchOf(db, desk.courseKey, batchParam);
  const rows = await enrolledStudents(db, batch.id);
  const today = indiaDay();
  const lastDay = lastDayOf(batch);
  return {
    course: courseByKey(desk.courseKey).label,
    batch: {
      id: batch.id,
      line: enrolmentLine(batch),
      seats: seatsTaken(batch),
      when: (batch.startsOn > today ? "upcoming" : lastDay < today ? "ended" : "running") as
        | "upcoming"
        | "running"
        | "ended",
      lastDay: batchDateLabel(lastDay),
    },
    students: rows.map((row) => ({ ...row, href: `${desk.recordsBase}/${row.id}` })),
    back: desk.base,
    csv: `${desk.base}/batches/${batch.id}/csv`,
  };
}

/** The roster as a CSV file: one row per enrolled student, for the trainer's attendance sheet. */
export async function batchRosterCsv(
  db: AppDatabase,
  courseKey: CourseKey,
  batchParam: string | undefined,
): Promise<Response> {
  const batch = await courseBatchOf(db, courseKey, batchParam);
  const rows = await enrolledStudents(db, batch.id);
  const line = enrolmentLine(batch);
  return csvDownload(
    `batch-${batch.id}-${courseKey}-${batch.startsOn}.csv`,
    [
      { header: "Name", value: (row: RosterStudent) => row.name },
      { header: "Mobile", value: (row) => row.mobile },
      { header: "E-mail", value: (row) => row.email },
      { header: "Owner", value: (row) => row.ownerName ?? "" },
      { header: "Batch", value: () => line },
    ],
    rows,
  );
}

/** The students to tell that their batch's first day moved, each with the WhatsApp message filled in. */
export async function studentsToInform(db: AppDatabase, before: CountedBatch, after: BatchRow) {
  if (before.startsOn === after.startsOn || before.enrolled === 0) return undefined;
  const rows = await enrolledStudents(db, after.id);
  const batch = toPublic({ ...after, enrolled: rows.length });
  const words = {
    "{oldDate}": batchDateLabel(before.startsOn),
    "{newDate}": batchDateLabel(after.startsOn),
    "{batch}": `${batchDaysLabels[batch.days].toLowerCase()}, ${timingsLabel(batch)}, ${batch.mode === "online" ? "online" : batch.branchName}`,
  };
  const course = courseByKey(after.courseKey).label;
  return {
    count: rows.length,
    oldDate: words["{oldDate}"],
    newDate: words["{newDate}"],
    template: batchMovedTemplate.text,
    students: rows.map((row) => {
      const text = fillTemplate(
        batchMovedTemplate.text,
        { name: row.name, course, institute: site.name, counsellor: row.ownerName ?? site.name },
        words,
      );
      return {
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        whatsapp: whatsappChatHref(internationalMobile(row.mobile), text),
      };
    }),
  };
}
