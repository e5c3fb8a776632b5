// The record page's stage form: where admissions stand with the student, why one was lost, and
// the batch an enrolled student joined (a seat taken under the batch's lock: record-edits.server.ts).
import { z } from "zod";
import {
  type RecordFormAnswer,
  type RecordFormPost,
  refused,
  saveRecordEdit,
  version,
} from "./record-form-parts.server";
import { type LostReason, lostReasons, studentStages } from "./student-stages";

const stageForm = z
  .object({
    version,
    stage: z.enum(studentStages, { message: "Please choose a stage." }),
    lostReason: z.union([z.enum(lostReasons), z.literal("")]).optional(),
    lostNote: z.string().max(500, "The reason can be at most 500 characters.").optional(),
    // An enrolled student's batch: its id, or "" for not decided yet (decision 032).
    batch: z
      .string()
      .regex(/^(\d{1,9})?$/, 'Please choose a batch from the list, or "Not decided yet".')
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.stage === "lost" && !value.lostReason) {
      context.addIssue({ code: "custom", path: ["lostReason"], message: "Please choose why the student was lost." });
    }
    if (value.stage === "lost" && value.lostReason === "other" && !value.lostNote?.trim()) {
      context.addIssue({ code: "custom", path: ["lostNote"], message: "Please say what the other reason is." });
    }
  });

export async function saveStage(post: RecordFormPost): Promise<RecordFormAnswer> {
  const { form, field } = post;
  const parsed = stageForm.safeParse({
    version: field("version"),
    stage: field("stage"),
    lostReason: field("lostReason") ?? "",
    lostNote: field("lostNote") ?? "",
    batch: field("batch"),
  });
  if (!parsed.success) return refused("stage", form, parsed.error);
  const { batch } = parsed.data;
  return saveRecordEdit(post, "stage", parsed.data.version, {
    stage: parsed.data.stage,
    lostReason: (parsed.data.lostReason || null) as LostReason | null,
    lostNote: parsed.data.lostNote?.trim() ?? "",
    // A form without the field (sent from elsewhere) leaves the batch as it is.
    ...(batch === undefined ? {} : { batchId: batch === "" ? null : Number(batch) }),
  });
}
