// "Add a student": a walk-in, a phone call, a referral or a fair's visitor in one step, with
// how they came, their consent and, if staff spoke to them, the outcome and the next follow-up.
// A plain form: it works without JavaScript, and keeps everything typed on every answer.
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, Field, FormMessage } from "~/components/forms";
import type { AddStudentAnswer, AddStudentChoices } from "./intake-desk.server";

export interface AddStudentPage {
  base: string;
  me: string;
  choices: AddStudentChoices;
  handled: boolean;
}

export function AddStudentForm({ page, answer }: { page: AddStudentPage; answer?: AddStudentAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = answer?.values ?? {};
  const errors = answer?.fieldErrors ?? {};
  const chosenCourses = new Set(values.courses ?? []);
  const { choices } = page;
  const districts = values.state
    ? (choices.districtsByState[values.state] ?? [])
    : Object.values(choices.districtsByState).flat();
  const onDesk = answer?.onDesk;
  return (
    <section aria-labelledby="add-title" className="intake">
      <p className="desk-back">
        <Link to={page.base}>← Students</Link>
      </p>
      <h1 id="add-title" className="page-title">
        Add a student
      </h1>
      <p className="desk-summary">
        A walk-in, a phone call, a referral, a fair's visitor: someone who did not fill in a web form. If their mobile
        or e-mail is already on the desk, no second record is made.
      </p>
      {page.handled ? (
        <FormMessage tone="success">
          This student is already being handled by another desk: your visit and note were added to their record for
          their counsellor.
        </FormMessage>
      ) : null}
      {answer?.formError ? <FormMessage tone="error">{answer.formError}</FormMessage> : null}
      {onDesk ? (
        <div role="alert" className="form-alert intake-on-desk">
          <p>
            {onDesk.visible ? (
              <>
                {onDesk.line} <Link to={`${page.base}/${onDesk.id}`}>Open their record</Link>
              </>
            ) : (
              onDesk.line.replace(/ Your visit.*$/, "")
            )}
          </p>
          <p>Saving now adds this visit, its note and its source to that record's timeline instead of a new record.</p>
        </div>
      ) : null}
      <Form method="post" className="intake-form" noValidate>
        {onDesk ? <input type="hidden" name="confirm" value={onDesk.confirm} /> : null}
        <fieldset className="intake-group">
          <legend>The student</legend>
          <Field label="Name" name="name" error={errors.name}>
            {(props) => <input {...props} type="text" autoComplete="off" defaultValue={values.name} required />}
          </Field>
          <Field label="Mobile" name="mobile" error={errors.mobile} hint="A mobile, an e-mail, or both">
            {(props) => <input {...props} type="tel" inputMode="tel" autoComplete="off" defaultValue={values.mobile} />}
          </Field>
          <Field label="E-mail" name="email" error={errors.email}>
            {(props) => <input {...props} type="email" autoComplete="off" defaultValue={values.email} />}
          </Field>
          <fieldset className="intake-courses" aria-describedby="courses-error">
            <legend className="field-label">Courses asked about (optional)</legend>
            {choices.courses.map((course) => (
              <label key={course.value} className="check-field-row">
                <input
                  type="checkbox"
                  name="courses"
                  value={course.value}
                  defaultChecked={chosenCourses.has(course.value)}
                />{" "}
                {course.label}
              </label>
            ))}
            <p id="courses-error" className="field-error" data-error-for="courses">
              {errors.courses}
            </p>
          </fieldset>
          <Field label="State (optional)" name="state" error={errors.state}>
            {(props) => (
              <select {...props} defaultValue={values.state ?? ""}>
                <option value="">Not known</option>
                {choices.states.map((state) => (
                  <option key={state.value} value={state.value}>
                    {state.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="District (optional)" name="district" error={errors.district}>
            {(props) => (
              <select {...props} defaultValue={values.district ?? ""}>
                <option value="">Not known</option>
                {[...new Set(districts)].map((district) => (
                  <option key={district} value={district}>
                    {district}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Branch (optional)" name="branch" error={errors.branch}>
            {(props) => (
              <select {...props} defaultValue={values.branch ?? ""}>
                <option value="">None</option>
                {choices.branches.map((branch) => (
                  <option key={branch.value} value={branch.value}>
                    {branch.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <fieldset className="intake-group">
          <legend>How they came</legend>
          <Field label="How they came" name="how" error={errors.how}>
            {(props) => (
              <select {...props} defaultValue={values.how ?? ""} required>
                <option value="">Choose…</option>
                {choices.sources.map((source) => (
                  <option key={source.value} value={source.value}>
                    {source.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Where from"
            name="howDetail"
            error={errors.howDetail}
            hint={`Who referred them, which fair or seminar, which aggregator (${choices.aggregators.join(", ")} or another)`}
          >
            {(props) => <input {...props} type="text" list="aggregator-list" defaultValue={values.howDetail} />}
          </Field>
          <datalist id="aggregator-list">
            {choices.aggregators.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <Field label="Consent to be contacted was given" name="consent" error={errors.consent}>
            {(props) => (
              <select {...props} defaultValue={values.consent ?? ""} required>
                <option value="">Choose…</option>
                {choices.consents.map((way) => (
                  <option key={way.value} value={way.value}>
                    {way.value === "in_person" || way.value === "phone" ? `${way.label} to ${page.me}` : way.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Note (optional)" name="note" error={errors.note}>
            {(props) => <textarea {...props} rows={3} defaultValue={values.note} />}
          </Field>
        </fieldset>
        <fieldset className="intake-group">
          <legend>If you spoke to them</legend>
          <CheckboxField
            id="intake-spoke"
            name="spoke"
            label="I spoke to them"
            defaultChecked={values.spoke === "yes" || values.spoke === "on"}
          />
          <Field label="How it went" name="outcome" error={errors.outcome}>
            {(props) => (
              <select {...props} defaultValue={values.outcome ?? ""}>
                <option value="">Choose…</option>
                {choices.outcomes.map((outcome) => (
                  <option key={outcome.value} value={outcome.value}>
                    {outcome.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Next follow-up (optional, India time)" name="nextFollowUp" error={errors.nextFollowUp}>
            {(props) => <input {...props} type="datetime-local" defaultValue={values.nextFollowUp} />}
          </Field>
        </fieldset>
        <fieldset className="intake-group">
          <legend>Owner</legend>
          <label className="check-field-row">
            <input type="radio" name="owner" value="rules" defaultChecked={values.owner !== "me"} /> By the course's
            pool (the usual rules)
          </label>
          <label className="check-field-row">
            <input type="radio" name="owner" value="me" defaultChecked={values.owner === "me"} /> Owner: me
          </label>
          <p className="field-error" data-error-for="owner">
            {errors.owner}
          </p>
        </fieldset>
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving…" : onDesk ? "Add this visit to their record" : "Add the student"}
          </button>
        </p>
      </Form>
    </section>
  );
}
