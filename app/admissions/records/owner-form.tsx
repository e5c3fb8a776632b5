// The record page's owner form (handled by owner-form.server.ts).
import { Form } from "react-router";
import { IntentField, type RecordFormState, SavedNote } from "./record-form-parts";

/** The staff account the student is given to, or nobody. */
export function OwnerForm({
  ownerId,
  owners,
  version,
  state,
}: {
  ownerId: string | null;
  owners: { id: string; name: string }[];
  version: number;
  state: RecordFormState;
}) {
  const { typed, busy, saved } = state;
  return (
    <>
      <h2 id="owner-title">Owner</h2>
      <Form method="post" className="desk-form" id="owner" tabIndex={-1} aria-labelledby="owner-title">
        <IntentField intent="owner" />
        <input type="hidden" name="version" value={version} />
        <label>
          Owner
          <select name="ownerId" defaultValue={typed("owner", "ownerId", ownerId ?? "")}>
            <option value="">Unassigned</option>
            {owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary" disabled={busy}>
          Save owner
        </button>
        <SavedNote intent="owner" saved={saved} />
      </Form>
    </>
  );
}
