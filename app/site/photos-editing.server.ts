// Staff's photos from the desk (/admin/photos): replace a photo in its slot, change its alt
// text (and for a gallery its caption, date and branch), add a gallery photo or remove one.
// Uploads go through the image pipeline (decoded, cropped to the place's shape, AVIF and WebP
// at its widths); every change is audited and shows on its page at once.
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
import { isIndiaDay } from "~/platform/india-time";
import { auditedChange } from "~/staff/audit-log.server";
import type { StaffUser } from "~/staff/permissions.server";
import { fieldErrorsOf } from "~/staff/staff-fields";
import { isBranchKey } from "./branches";
import { type PhotoPlace, photoPlace } from "./photo-places";
import { addPhoto, getPhoto, type PhotoDetails, removePhoto, updatePhoto } from "./photos.server";

export const photoMessages = {
  alt: "Please describe the photo for people who cannot see it (alt text).",
  caption: "Please write a caption for the photo.",
  date: "Please enter the event's date as a calendar date, or leave it empty.",
  branch: "Please choose a branch from the list, or none.",
  photo: "Please choose the photo to upload.",
};

function detailsSchema(place: PhotoPlace) {
  return z.object({
    alt: z
      .string()
      .trim()
      .min(1, photoMessages.alt)
      .max(200, "The alt text can be at most 200 characters: describe what the photo shows."),
    caption: place.gallery
      ? z.string().trim().min(1, photoMessages.caption).max(200, "The caption can be at most 200 characters.")
      : z.literal("").catch(""),
    eventDate: place.gallery
      ? z
          .string()
          .trim()
          .refine((value) => value === "" || isCalendarDate(value), photoMessages.date)
          .transform((value) => value || null)
      : z.null().catch(null),
    branch: place.gallery
      ? z
          .string()
          .trim()
          .refine((value) => value === "" || isBranchKey(value), photoMessages.branch)
          .transform((value) => value || null)
      : z.null().catch(null),
  });
}

/** A real day ("2026-02-30" is not) of the years 2000 to 2100. */
function isCalendarDate(value: string): boolean {
  return isIndiaDay(value) && value >= "2000-01-01" && value <= "2100-12-31";
}

/** Which form the answer belongs to: a photo (its id) or a place's "add" form; else above them all. */
export type PhotoTarget = number | `add-${string}`;

export type PhotoResult = { target?: PhotoTarget } & (
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
);

const notListed = () =>
  data<PhotoResult>({ ok: false, error: "That photo is no longer on the site. Reload the page." }, { status: 404 });

export async function savePhoto(db: AppDatabase, uploadsDir: string, request: Request, staff: StaffUser) {
  const form = await readLimitedForm(request, maxUploadBytes + 200_000);
  if (form === "too-large") return data<PhotoResult>({ ok: false, error: uploadRefusals.tooLarge }, { status: 413 });
  if (!form) return badForm();
  const intent = form.get("intent");
  const id = rowId(form.get("id"));

  if (intent === "remove") {
    const place = photoPlace(String(form.get("place") ?? ""));
    if (!place?.gallery || id === undefined) return notListed();
    const removed = await auditedChange(
      db,
      (tx) => removePhoto(tx, id, place.id),
      (row) =>
        row && {
          actor: staff.email,
          action: "photo.remove",
          subject: `${row.place} ${row.id}`,
          detail: { caption: row.caption },
        },
    );
    if (!removed) return notListed();
    if (removed.imageKey) await removeImage(uploadsDir, removed.imageKey, place.widths);
    return data<PhotoResult>({ ok: true, message: `Photo removed from ${place.label}.` });
  }
  if (intent !== "add" && intent !== "update") {
    return data<PhotoResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  }

  const existing = intent === "update" && id !== undefined ? await getPhoto(db, id) : undefined;
  if (intent === "update" && !existing) return notListed();
  const place = photoPlace(existing ? existing.place : String(form.get("place") ?? ""));
  if (!place || (intent === "add" && !place.gallery)) {
    return data<PhotoResult>({ ok: false, error: "Photos cannot be added there." }, { status: 400 });
  }
  const target: PhotoTarget = existing ? existing.id : `add-${place.id}`;
  const values = Object.fromEntries(
    ["alt", "caption", "eventDate", "branch"].map((k) => [k, String(form.get(k) ?? "")]),
  );
  const refuse = (fieldErrors: Record<string, string>) =>
    data<PhotoResult>(
      { target, ok: false, error: "Please fix the fields marked in red.", fieldErrors, values },
      { status: 400 },
    );

  const parsed = detailsSchema(place).safeParse(values);
  const file = form.get("photo");
  const hasFile = file instanceof File && file.size > 0;
  const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
  if (intent === "add" && !hasFile) fieldErrors.photo = photoMessages.photo;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return refuse(fieldErrors);
  const details: PhotoDetails = parsed.data;

  let imageKey: string | undefined;
  if (hasFile) {
    try {
      const stored = await storeImage(file, {
        uploadsDir,
        folder: "photos",
        slug: `${place.id}-${details.caption || details.alt}`,
        widths: place.widths,
        aspect: place.width / place.height,
      });
      imageKey = stored.key;
    } catch (error) {
      if (error instanceof UploadRefused) return refuse({ photo: error.message });
      throw error;
    }
  }

  try {
    if (intent === "add" && imageKey) {
      const key = imageKey;
      const added = await auditedChange(
        db,
        (tx) => addPhoto(tx, place.id, key, details, staff.email),
        (row) => ({
          actor: staff.email,
          action: "photo.add",
          subject: `${place.id} ${row.id}`,
          detail: { ...details },
        }),
      );
      return data<PhotoResult>({
        target,
        ok: true,
        message: `Photo added to ${place.label} (number ${added.position}).`,
      });
    }
    if (!existing) return notListed();
    const updated = await auditedChange(
      db,
      (tx) => updatePhoto(tx, existing.id, { ...details, ...(imageKey ? { imageKey } : {}) }, staff.email),
      (row) =>
        row && {
          actor: staff.email,
          action: imageKey ? "photo.replace" : "photo.update",
          subject: `${place.id} ${existing.id}`,
          detail: { ...details },
        },
    );
    if (!updated) {
      if (imageKey) await removeImage(uploadsDir, imageKey, place.widths);
      return notListed();
    }
    if (imageKey && existing.imageKey) await removeImage(uploadsDir, existing.imageKey, place.widths);
    return data<PhotoResult>({
      target,
      ok: true,
      message: imageKey ? "Photo replaced. The page shows it now." : "Saved. The page shows it now.",
    });
  } catch (error) {
    // Nothing refers to the files of a change that was not stored.
    if (imageKey) await removeImage(uploadsDir, imageKey, place.widths);
    throw error;
  }
}
