// The record page's follow-up form (handled by follow-up-form.server.ts).
import { Form } from "react-router";
import { IntentField, IstHint, indiaInputValue, type RecordFormState, SavedNote } from "./record-form-parts";

/** When the student is to be contacted next, in India's time (empty: none). */
export function FollowUpForm({
  nextFollowUpAt,
  version,
  state,
}: {
  nextFollowUpAt: string | null;
  version: number;
  state: RecordFormState;
}) {
  const { typed, busy, saved, zone } = state;
  return (
    <>
      <h2 id="follow-up-title">Next follow-up</h2>
      <Form method="post" className="desk-form" id="follow-up" tabIndex={-1} aria-labelledby="follow-up-title">
        <IntentField intent="follow-up" />
        <input type="hidden" name="version" value={version} />
        <label>
          Date and time (India time; empty: none)
          <IstHint zone={zone} />
          <input
            type="datetime-local"
            name="nextFollowUpAt"
            defaultValue={typed("follow-up", "nextFollowUpAt", indiaInputValue(nextFollowUpAt))}
          />
        </label>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Save follow-up
        </button>
        <SavedNote intent="follow-up" saved={saved} />
      </Form>
    </>
  );
}
