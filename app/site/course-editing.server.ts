// Updating a course from the staff desk: its batch start date and its content.
// Used by the admin pages and by the course's coordinator.
import { createHash } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import { badForm } from "~/admissions/desk.server";
import type { AppDatabase } from "~/platform/database.server";
import { maxUploadBytes, readLimitedForm, storeImage, UploadRefused, uploadRefusals } from "~/platform/images.server";
import type { CourseId } from "~/site/content/types";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { fieldErrorsOf, requiredText } from "~/staff/staff-fields";
import { getCourse, isEdited, restoreDefault, saveCourse } from "./content.server";
import { getStartDates, setStartDate } from "./start-dates.server";
import { syllabusToText, textToSyllabus } from "./syllabus-text";

export const courseImageWidths = [320, 640] as const;

export async function loadCourseEditor(db: AppDatabase, courseId: string) {
  const course = await getCourse(db, courseId);
  if (!course) throw data(null, { status: 404 });
  const [startDates, edited] = await Promise.all([getStartDates(db), isEdited(db, `course:${course.id}`)]);
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
  };
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
export type CourseForm = "start-date" | "content" | "restore";

export type CourseEditResult = { form?: CourseForm } & (
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> }
);

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
