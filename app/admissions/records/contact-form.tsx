// The record page's log of a call or a WhatsApp message, with the next follow-up (handled by
// contact-form.server.ts).
import { Form } from "react-router";
import { IntentField, IstHint, indiaInputValue, NoteField, type RecordFormState, SavedNote } from "./record-form-parts";
import { type CallOutcome, callOutcomeLabels, callOutcomes } from "./student-stages";

/** "Log a call or message": how, the outcome, a note and the next follow-up in one step. */
export function ContactForm({ nextFollowUpAt, state }: { nextFollowUpAt: string | null; state: RecordFormState }) {
  const { typed, busy, saved, zone } = state;
  return (
    <>
      <h2 id="contact-title">Log a call or message</h2>
      <Form method="post" className="desk-form" id="contact" tabIndex={-1} aria-labelledby="contact-title">
        <IntentField intent="contact" />
        <fieldset className="record-choices">
          <legend>How</legend>
          {(["call", "whatsapp"] as const).map((channel) => (
            <label key={channel}>
              <input
                type="radio"
                name="channel"
                value={channel}
                defaultChecked={typed("contact", "channel", "call") === channel}
              />{" "}
              {channel === "call" ? "Call" : "WhatsApp"}
            </label>
          ))}
        </fieldset>
        <label>
          Outcome of the call
          <select name="outcome" defaultValue={typed("contact", "outcome", "")}>
            <option value="">Choose...</option>
            {callOutcomes.map((outcome) => (
              <option key={outcome} value={outcome}>
                {callOutcomeLabels[outcome as CallOutcome]}
              </option>
            ))}
          </select>
        </label>
        <NoteField name="note" label="Note (optional)" value={typed("contact", "note", "")} />
        <label>
          Next follow-up (India time)
          <IstHint zone={zone} />
          <input
            type="datetime-local"
            name="nextFollowUpAt"
            defaultValue={typed("contact", "nextFollowUpAt", indiaInputValue(nextFollowUpAt))}
          />
        </label>
        <button type="submit" className="btn-primary" disabled={busy}>
          Log it
        </button>
        <SavedNote intent="contact" saved={saved} />
      </Form>
    </>
  );
}
