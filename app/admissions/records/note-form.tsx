// The record page's note form (handled by note-form.server.ts).
import { Form } from "react-router";
import { IntentField, NoteField, type RecordFormState, SavedNote } from "./record-form-parts";

/** A note on the timeline. */
export function NoteForm({ state }: { state: RecordFormState }) {
  const { typed, busy, saved } = state;
  return (
    <>
      <h2 id="note-title">Add a note</h2>
      <Form method="post" className="desk-form" id="note" tabIndex={-1} aria-labelledby="note-title">
        <IntentField intent="note" />
        <NoteField name="text" label="Note" value={typed("note", "text", "")} />
        <button type="submit" className="btn-secondary" disabled={busy}>
          Add note
        </button>
        <SavedNote intent="note" saved={saved} />
      </Form>
    </>
  );
}
