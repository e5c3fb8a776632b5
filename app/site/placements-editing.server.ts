// Placed students as staff keep them: add, edit, remove, with a photo upload.
import { data } from "react-router";
import { z } from "zod";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import type { AppDatabase } from "~/platform/database.server";
import { rowId } from "~/platform/form-data.server";
import {
  maxUploadBytes,
  readLimitedForm,
  removeImage,
  storeImage,
  UploadRefused,
  uploadRefusals,
} from "~/platform/images.server";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { fieldErrorsOf, requiredText } from "~/staff/staff-fields";
import { photoWidths } from "./demo-content.server";
import { addPlacedStudent, getPlacedStudent, removePlacedStudent, updatePlacedStudent } from "./placed-students.server";

const field = requiredText;

const studentSchema = z.object({
  name: field("name", 100),
  company: field("company", 100),
  package: field("package", 40),
  jobRole: field("job role", 100),
});

/**
 * Which form the answer belongs to: the "add" form, or the edit form of one student (their
 * id). Without one (a removal, a body that could not be read) it is shown above the forms.
 */
export type PlacementTarget = "add" | number;

export type PlacementResult = { target?: PlacementTarget } & (
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
);

export async function savePlacement(db: AppDatabase, uploadsDir: string, request: Request, staff: StaffUser) {
  const form = await readLimitedForm(request, maxUploadBytes + 200_000);
  if (form === "too-large")
    return data<PlacementResult>({ ok: false, error: uploadRefusals.tooLarge }, { status: 413 });
  if (!form) return badForm();
  const intent = form.get("intent");
  const id = rowId(form.get("id"));
  const target: PlacementTarget = intent === "add" || id === undefined ? "add" : id;

  if (intent === "remove") {
    const removed =
      id !== undefined
        ? await auditedChange(
            db,
            (tx) => removePlacedStudent(tx, id),
            (row) => row && { actor: staff.email, action: "placed-student.remove", subject: row.name },
          )
        : undefined;
    if (!removed)
      return data<PlacementResult>({ ok: false, error: "That student is no longer listed." }, { status: 404 });
    if (removed.photo) await removeImage(uploadsDir, removed.photo, photoWidths);
    return data<PlacementResult>({ ok: true, message: `${removed.name} removed from the placements page.` });
  }
  if (intent !== "add" && intent !== "update") {
    return data<PlacementResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  }

  const values = Object.fromEntries(
    ["name", "company", "package", "jobRole"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const parsed = studentSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data<PlacementResult>(
      { target, ok: false, error: "Please fix the fields marked in red.", fieldErrors, values },
      { status: 400 },
    );
  }
  const existing = intent === "update" && id !== undefined ? await getPlacedStudent(db, id) : undefined;
  if (intent === "update" && !existing) {
    return data<PlacementResult>({ ok: false, error: "That student is no longer listed." }, { status: 404 });
  }

  let photo: string | null | undefined;
  const file = form.get("photo");
  if (file instanceof File && file.size > 0) {
    try {
      const stored = await storeImage(file, {
        uploadsDir,
        folder: "placed-students",
        slug: parsed.data.name,
        widths: photoWidths,
        aspect: 1,
      });
      photo = stored.key;
    } catch (error) {
      if (error instanceof UploadRefused) {
        return data<PlacementResult>(
          { target, ok: false, error: error.message, fieldErrors: { photo: error.message }, values },
          { status: 400 },
        );
      }
      throw error;
    }
  }

  if (intent === "add") {
    const added = await auditedChange(db, (tx) => addPlacedStudent(tx, { ...parsed.data, photo: photo ?? null }), {
      actor: staff.email,
      action: "placed-student.add",
      subject: parsed.data.name,
      detail: parsed.data,
    });
    return data<PlacementResult>({ target, ok: true, message: `${added.name} added to the placements page.` });
  }
  if (!existing)
    return data<PlacementResult>({ ok: false, error: "That student is no longer listed." }, { status: 404 });
  await auditedChange(
    db,
    (tx) => updatePlacedStudent(tx, existing.id, { ...parsed.data, ...(photo ? { photo } : {}) }),
    {
      actor: staff.email,
      action: "placed-student.update",
      subject: parsed.data.name,
      detail: parsed.data,
    },
  );
  if (photo && existing?.photo) await removeImage(uploadsDir, existing.photo, photoWidths);
  return data<PlacementResult>({ target, ok: true, message: `${parsed.data.name} updated.` });
}
