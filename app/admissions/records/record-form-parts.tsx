// What the forms of a record's page share: the state they are drawn with (what was typed in a
// refused form, whether a save is under way, which form was just saved), and their small parts.
import { useState } from "react";
import { toIndiaInput } from "~/platform/india-time";
import { indianNumber } from "~/platform/indian-numbers";
import { type RecordIntent, savedMessages } from "./record-intents";
import { maxNoteLength } from "./student-stages";

/** How a record page's forms are drawn just now. */
export interface RecordFormState {
  /** What was typed in this form if the action refused it, else the fallback. */
  typed: (intent: RecordIntent, name: string, fallback: string) => string;
  /** A form is being sent. */
  busy: boolean;
  /** The form just saved (none after a refusal). */
  saved: string | null;
  /** The viewer's time zone when it is not India's. */
  zone: string | null;
  /** The message of a refused form, when it is about this field of it. */
  fieldError?: (intent: RecordIntent, name: string) => string | undefined;
}

/** "2026-11-25T16:30" in India, for a datetime-local field (the desk's times are India's). */
export function indiaInputValue(iso: string | null): string {
  if (!iso) return "";
  return toIndiaInput(iso);
}

/** Which form this is, for the action's dispatch (record-forms.server.ts). */
export function IntentField({ intent }: { intent: RecordIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** "Saved." beside the form that was just saved (a page without JavaScript comes back scrolled to it). */
export function SavedNote({ intent, saved }: { intent: RecordIntent; saved: string | null }) {
  if (saved !== intent) return null;
  return (
    <p role="status" className="desk-result desk-result-ok">
      {savedMessages[intent]}
    </p>
  );
}

/** A number of characters as the desk writes numbers (2,000). */
const count = (n: number) => indianNumber(n);

/** A note field that says its limit before saving and counts as one types (never cuts text off). */
export function NoteField({ name, label, value }: { name: string; label: string; value: string }) {
  const [length, setLength] = useState(value.length);
  const over = length > maxNoteLength;
  const id = `${name}-limit`;
  const fieldId = `${name}-field`;
  // The limit is a description of the box, not part of its name, so the label holds the label only.
  return (
    <div className="desk-field">
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        name={name}
        rows={3}
        defaultValue={value}
        aria-describedby={id}
        onChange={(event) => setLength(event.currentTarget.value.length)}
      />
      <span id={id} className={over ? "record-over" : "desk-hint"}>
        {over
          ? `${count(length)} characters: ${count(length - maxNoteLength)} over the limit of ${count(maxNoteLength)}. Please shorten it.`
          : `Up to ${count(maxNoteLength)} characters${length ? ` (${count(length)} so far)` : ""}.`}
      </span>
    </div>
  );
}

/** Beside a time field: times are typed in India's time, which may not be the viewer's. */
export function IstHint({ zone }: { zone: string | null }) {
  if (!zone) return null;
  return <span className="desk-hint"> (IST, UTC+05:30; your browser is on {zone})</span>;
}
