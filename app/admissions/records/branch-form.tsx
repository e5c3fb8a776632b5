// The record page's branch form (handled by branch-form.server.ts): the branch the student
// belongs to, set or changed by a person, or a guess from the state confirmed (decision 031).
import { Form } from "react-router";
import { IntentField, type RecordFormState, SavedNote } from "./record-form-parts";
import { branchName, branchText, isBranchGuess, studentBranches } from "./student-branches";

/** The branch as it is known now (a guess says so), and the branches to choose from. */
export function BranchForm({
  branch,
  branchSource,
  version,
  state,
}: {
  branch: string | null;
  branchSource: string | null;
  version: number;
  state: RecordFormState;
}) {
  const { typed, busy, saved } = state;
  const guess = isBranchGuess(branchSource);
  const hintId = "branch-now";
  return (
    <>
      <h2 id="branch-title">Branch</h2>
      <Form method="post" className="desk-form" id="branch" tabIndex={-1} aria-labelledby="branch-title">
        <IntentField intent="branch" />
        <input type="hidden" name="version" value={version} />
        <p id={hintId} className={guess ? "record-guess" : undefined}>
          {branchText(branch, branchSource)}
          {guess ? ": please confirm it or choose another." : branch ? "" : ": please choose one."}
        </p>
        <label>
          Branch
          <select
            name="branch"
            required
            aria-describedby={hintId}
            defaultValue={typed("branch", "branch", branch ?? "")}
          >
            {branch ? null : <option value="">Choose a branch</option>}
            {studentBranches.map((choice) => (
              <option key={choice} value={choice}>
                {branchName(choice)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {guess ? "Confirm branch" : "Save branch"}
        </button>
        <SavedNote intent="branch" saved={saved} />
      </Form>
    </>
  );
}
