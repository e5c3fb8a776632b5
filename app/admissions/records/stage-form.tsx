// The record page's stage form (handled by stage-form.server.ts).
import { Form } from "react-router";
import { IntentField, type RecordFormState, SavedNote } from "./record-form-parts";
import { lostReasonLabels, stageLabels } from "./stage-labels";
import { type LostReason, lostReasons, type StudentStage, studentStages } from "./student-stages";

/** The stage, and why a student was lost, on the version the page was loaded with. */
export function StageForm({
  record,
  version,
  state,
}: {
  record: { stage: StudentStage; lostReason: LostReason | null; lostNote: string };
  version: number;
  state: RecordFormState;
}) {
  const { typed, busy, saved } = state;
  return (
    <>
      <h2 id="stage-title">Stage</h2>
      <Form method="post" className="desk-form" id="stage" tabIndex={-1} aria-labelledby="stage-title">
        <IntentField intent="stage" />
        <input type="hidden" name="version" value={version} />
        <label>
          Stage
          <select name="stage" defaultValue={typed("stage", "stage", record.stage)}>
            {studentStages.map((stage) => (
              <option key={stage} value={stage}>
                {stageLabels[stage]}
              </option>
            ))}
          </select>
        </label>
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
