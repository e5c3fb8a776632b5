// Updating a course from the staff desk: its batch start date and its content.
// Used by the admin pages and by the course's coordinator.
import { createHash } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import { studentsToInform } from "~/admissions/enrolment/batch-roster.server";
import { seatsTaken } from "~/admissions/enrolment/enrolment.server";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxUploadBytes, readLimitedForm, storeImage, UploadRefused, uploadRefusals } from "~/platform/images.server";
import type { CourseId } from "~/site/content/types";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { fieldErrorsOf, requiredText } from "~/staff/staff-fields";
import {
  addBatch,
  type BatchFormValues,
  type BatchRow,
  type CountedBatch,
  getCourseBatch,
  listCourseBatchesForDesk,
  parseBatchForm,
  removeBatch,
  updateBatch,
} from "./batches.server";
import { getCourse, isEdited, restoreDefault, saveCourse } from "./content.server";
import { getStartDates, setStartDate } from "./start-dates.server";
import { syllabusToText, textToSyllabus } from "./syllabus-text";

export const courseImageWidths = [320, 640] as const;

/**
 * A course's desk page: its content, start date note and batches. `base` is the page's own URL
 * (/admin/courses/<id> or /onlineuser/<key>/course): each batch's roster is under it.
 */
export async function loadCourseEditor(db: AppDatabase, courseId: string, base: string) {
  const course = await getCourse(db, courseId);
  if (!course) throw data(null, { status: 404 });
  const [startDates, edited, batches] = await Promise.all([
    getStartDates(db),
    isEdited(db, `course:${course.id}`),
    listCourseBatchesForDesk(db, course.coordinatorKey),
  ]);
  const shown = {
    id: course.id,
    title: course.title,
    summary: course.summary,
    description: course.description,
    duration: course.duration,
    image: course.image,
    syllabusText: syllabusToText(course.syllabus),
    coordinatorKey: course.coordinatorKey,
  };
  return {
    course: shown,
    // Changes when the stored content does (a restore, another person's save): the form
    // is drawn anew with it instead of keeping what its fields held before.
    version: createHash("sha256").update(JSON.stringify(shown)).digest("base64url").slice(0, 16),
    startDate: startDates[course.coordinatorKey] ?? "",
    edited,
    batches: {
      upcoming: batches.upcoming.map((row) => deskBatch(row, base)),
      past: batches.past.map((row) => deskBatch(row, base)),
    },
  };
}

/** A stored batch as the desk's form shows it, with its seats taken and its roster. */
function deskBatch(row: CountedBatch, base: string) {
  return {
    id: row.id,
    enrolled: row.enrolled,
    seats: seatsTaken(row),
    roster: `${base}/batches/${row.id}`,
    values: {
      branch: row.branch,
      startsOn: row.startsOn,
      days: row.days,
      startTime: row.startTime,
      endTime: row.endTime,
      mode: row.mode,
      seats: row.seats,
      seatsTotal: row.seatsTotal === null ? "" : String(row.seatsTotal),
      feeInr: String(row.feeInr),
      feeIncludes: row.feeIncludes,
    } satisfies BatchFormValues,
    updatedBy: row.updatedBy,
  };
}

function batchDetail(row: BatchRow) {
  return {
    branch: row.branch,
    startsOn: row.startsOn,
    days: row.days,
    time: `${row.startTime}-${row.endTime}`,
    mode: row.mode,
    seats: row.seatsTotal === null ? row.seats : `${row.seatsTotal} in all`,
    feeInr: row.feeInr,
  };
}

/** "1 student is", "3 students are". */
function enrolledWords(count: number): string {
  return count === 1 ? "1 student is" : `${count} students are`;
}

const text = requiredText;

const contentSchema = z.object({
  title: text("title", 80),
  summary: text("short description", 300),
  description: text("description", 2000),
  duration: text("duration", 60),
  syllabus: z.string().max(30_000, "The syllabus is too long."),
});

/** Which of the page's forms the answer belongs to; without one it is shown above them. */
export type CourseForm = "start-date" | "content" | "restore" | "batch";

export type CourseEditResult = {
  form?: CourseForm;
  /** The batch form the answer belongs to: a batch's id, or "new". */
  batch?: number | "new";
  /** What was typed into a refused batch form, shown again. */
  values?: BatchFormValues;
  /** A batch with enrolled students moved its first day: whom to tell, and the message for each. */
  inform?: Awaited<ReturnType<typeof studentsToInform>>;
} & ({ ok: true; message: string } | { ok: false; error: string; fieldErrors?: Record<string, string> });

/** A batch form refused: what was typed is shown again, each problem beside its field. */
function batchFormRefused(batch: number | "new", values: BatchFormValues, fieldErrors: Record<string, string>) {
  return data<CourseEditResult>(
    { form: "batch", batch, ok: false, error: "Please fix the fields marked in red.", values, fieldErrors },
    { status: 400 },
  );
}

/** The batch a form names is not (or no longer) one of the course's. */
function batchGone() {
  return data<CourseEditResult>(
    { form: "batch", ok: false, error: "That batch no longer exists: it may have been removed." },
    { status: 404 },
  );
}

export async function saveCourseEditor(
  db: AppDatabase,
  uploadsDir: string,
  request: Request,
  courseId: string,
  staff: StaffUser,
) {
  const course = await getCourse(db, courseId);
  if (!course) throw data(null, { status: 404 });
  const form = await readLimitedForm(request, maxUploadBytes + 200_000);
  if (form === "too-large")
    return data<CourseEditResult>({ ok: false, error: uploadRefusals.tooLarge }, { status: 413 });
  if (!form) return badForm();

  switch (form.get("intent")) {
    case "start-date": {
      const value = String(form.get("startDate") ?? "").trim();
      if (value.length > 100) {
        return data<CourseEditResult>(
          { form: "start-date", ok: false, error: "The start date can be at most 100 characters." },
          { status: 400 },
        );
      }
      await auditedChange(
        db,
        (tx) => setStartDate(tx, course.coordinatorKey, value || null, { updatedBy: staff.email }),
        {
          actor: staff.email,
          action: value ? "start-date.set" : "start-date.clear",
          subject: course.coordinatorKey,
          detail: { startDate: value || null },
        },
      );
      return data<CourseEditResult>({
        form: "start-date",
        ok: true,
        message: value ? `Start date saved: ${value}.` : 'Start date cleared: the site shows "Starting soon".',
      });
    }
    case "batch-add": {
      const parsed = parseBatchForm(form);
      if (!parsed.ok) return batchFormRefused("new", parsed.values, parsed.fieldErrors);
      const row = await addBatch(db, course.coordinatorKey, parsed.batch, staff.email, (added) => ({
        actor: staff.email,
        action: "batch.add",
        subject: `${course.coordinatorKey} batch ${added.id}`,
        detail: batchDetail(added),
      }));
      return data<CourseEditResult>({
        form: "batch",
        batch: "new",
        ok: true,
        message: `Batch added: it starts ${row.startsOn}. The course page shows it now.`,
      });
    }
    case "batch-save": {
      const id = Number(form.get("id"));
      const current = Number.isSafeInteger(id) ? await getCourseBatch(db, course.coordinatorKey, id) : undefined;
      if (!current) return batchGone();
      const parsed = parseBatchForm(form, { currentStartsOn: current.startsOn });
      if (!parsed.ok) return batchFormRefused(id, parsed.values, parsed.fieldErrors);
      const saved = await updateBatch(db, course.coordinatorKey, id, parsed.batch, staff.email, (row) => ({
        actor: staff.email,
        action: "batch.update",
        subject: `${course.coordinatorKey} batch ${row.id}`,
        detail: batchDetail(row),
      }));
      if (!saved.ok && saved.reason === "missing") return batchGone();
      if (!saved.ok) {
        return batchFormRefused(id, parsed.values, {
          seatsTotal: `${enrolledWords(saved.enrolled)} enrolled in this batch: the total cannot be fewer than ${saved.enrolled}.`,
        });
      }
      const inform = await studentsToInform(db, saved.before, saved.row);
      return data<CourseEditResult>({
        form: "batch",
        batch: id,
        ok: true,
        message: inform
          ? `Batch saved. It now starts ${inform.newDate} instead of ${inform.oldDate}: ${inform.count === 1 ? "1 enrolled student" : `${inform.count} enrolled students`} to tell.`
          : "Batch saved.",
        inform,
      });
    }
    case "batch-remove": {
      const id = Number(form.get("id"));
      const removed = Number.isSafeInteger(id)
        ? await removeBatch(db, course.coordinatorKey, id, (row) => ({
            actor: staff.email,
            action: "batch.remove",
            subject: `${course.coordinatorKey} batch ${row.id}`,
            detail: batchDetail(row),
          }))
        : ({ ok: false, reason: "missing" } as const);
      if (!removed.ok && removed.reason === "enrolled") {
        return data<CourseEditResult>(
          {
            form: "batch",
            batch: id,
            ok: false,
            error: `${enrolledWords(removed.enrolled)} enrolled in this batch, so it cannot be removed. Move them to another batch on their records (Stage) first, or keep the batch.`,
          },
          { status: 409 },
        );
      }
      if (!removed.ok) return batchGone();
      return data<CourseEditResult>({
        form: "batch",
        ok: true,
        message: `Batch starting ${removed.row.startsOn} removed.`,
      });
    }
    case "content": {
      const parsed = contentSchema.safeParse(
        Object.fromEntries(
          ["title", "summary", "description", "duration", "syllabus"].map((k) => [k, form.get(k) ?? ""]),
        ),
      );
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        return data<CourseEditResult>(
          { form: "content", ok: false, error: "Please fix the fields marked in red.", fieldErrors },
          { status: 400 },
        );
      }
      const syllabus = textToSyllabus(parsed.data.syllabus);
      if ("error" in syllabus) {
        return data<CourseEditResult>(
          { form: "content", ok: false, error: syllabus.error, fieldErrors: { syllabus: syllabus.error } },
          { status: 400 },
        );
      }
      let image = course.image;
      const file = form.get("image");
      if (file instanceof File && file.size > 0) {
        try {
          const stored = await storeImage(file, {
            uploadsDir,
            folder: "courses",
            slug: course.id,
            widths: courseImageWidths,
            aspect: 640 / 400,
          });
          image = {
            src: `/uploads/${stored.key}-640.webp`,
            width: 640,
            height: 400,
            alt: `${parsed.data.title} course`,
          };
        } catch (error) {
          if (error instanceof UploadRefused) {
            return data<CourseEditResult>(
              { form: "content", ok: false, error: error.message, fieldErrors: { image: error.message } },
              { status: 400 },
            );
          }
          throw error;
        }
      }
      const { syllabus: _, ...fields } = parsed.data;
      await saveCourse(db, course.id as CourseId, { ...fields, image, syllabus: syllabus.sections }, staff.email, {
        actor: staff.email,
        action: "course.update",
        subject: course.id,
        detail: { title: fields.title },
      });
      return data<CourseEditResult>({
        form: "content",
        ok: true,
        message: "Course saved. The course page shows it now.",
      });
    }
    case "restore": {
      await restoreDefault(db, `course:${course.id}`, {
        actor: staff.email,
        action: "course.restore",
        subject: course.id,
      });
      return data<CourseEditResult>({ form: "restore", ok: true, message: "The original course content is back." });
    }
    default:
      return data<CourseEditResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  }
}
