// The record page's stage form (handled by stage-form.server.ts), with the batch an enrolled
// student joins (decision 032).
import { useEffect, useState } from "react";
import { Form } from "react-router";
import type { EnrolmentChoice } from "~/admissions/enrolment/enrolment-choice";
import { IntentField, type RecordFormState, SavedNote } from "./record-form-parts";
import { lostReasonLabels, stageLabels } from "./stage-labels";
import { type LostReason, lostReasons, type StudentStage, studentStages } from "./student-stages";

/** The stage, why a student was lost, and an enrolled student's batch, on the version the page was loaded with. */
export function StageForm({
  record,
  version,
  state,
  batches,
}: {
  record: { stage: StudentStage; lostReason: LostReason | null; lostNote: string; batchId: number | null };
  version: number;
  state: RecordFormState;
  /** The batches the student may join (their courses' batches that have not ended). */
  batches: EnrolmentChoice[];
}) {
  const { typed, busy, saved } = state;
  const [stage, setStage] = useState(typed("stage", "stage", record.stage));
  // Without the page's script the batch is always asked for (and used only with Enrolled).
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const batchError = state.fieldError?.("stage", "batch");
  const picked = batches.find((batch) => batch.picked);
  const batchDefault =
    record.batchId !== null
      ? String(record.batchId)
      : record.stage !== "enrolled" && picked && !picked.full
        ? String(picked.id)
        : "";
  return (
    <>
      <h2 id="stage-title">Stage</h2>
      <Form method="post" className="desk-form" id="stage" tabIndex={-1} aria-labelledby="stage-title">
        <IntentField intent="stage" />
        <input type="hidden" name="version" value={version} />
        <label>
          Stage
          <select name="stage" defaultValue={stage} onChange={(event) => setStage(event.currentTarget.value)}>
            {studentStages.map((value) => (
              <option key={value} value={value}>
                {stageLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <div className="desk-field" hidden={scripted && stage !== "enrolled"}>
          <label htmlFor="stage-batch">Batch (when enrolled)</label>
          <span className="desk-hint" id="stage-batch-hint">
            {batches.length === 0
              ? "None of the student's courses has a batch that has not ended: leave it as not decided yet."
              : picked
                ? "The batch the student picked on their registration comes first."
                : "Their courses' batches that have not ended, soonest first."}
          </span>
          <select
            id="stage-batch"
            name="batch"
            defaultValue={typed("stage", "batch", batchDefault)}
            aria-invalid={batchError ? true : undefined}
            aria-describedby={batchError ? "stage-batch-hint stage-batch-error" : "stage-batch-hint"}
          >
            <option value="">Not decided yet</option>
            {batches.map((batch) => (
              <option key={batch.id} value={batch.id} disabled={batch.full && !batch.current}>
                {batch.label}
                {batch.picked ? " (picked on the registration)" : ""}
                {batch.current ? " (their batch now)" : ""}
              </option>
            ))}
          </select>
          {batchError ? (
            <span id="stage-batch-error" className="field-error">
              {batchError}
            </span>
          ) : null}
        </div>
        <label>
          If lost, why
          <select name="lostReason" defaultValue={typed("stage", "lostReason", record.lostReason ?? "")}>
            <option value="">Choose...</option>
            {lostReasons.map((reason) => (
              <option key={reason} value={reason}>
                {lostReasonLabels[reason]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Other reason, or a word more
          <input
            type="text"
            name="lostNote"
            defaultValue={typed("stage", "lostNote", record.lostNote)}
            maxLength={500}
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Save stage
        </button>
        <SavedNote intent="stage" saved={saved} />
      </Form>
    </>
  );
}
