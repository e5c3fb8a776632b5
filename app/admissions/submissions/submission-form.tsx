import { courseOptions, districtsByState, majors, states, streams } from "~/admissions/submissions/options";
import type { SubmissionKind } from "~/admissions/submissions/submission-schema";
import { type FieldName, questionMaxLength, ticked } from "~/admissions/submissions/submission-schema";
import { CheckboxField, Field } from "~/components/forms";
import { site } from "~/config/site";
import { indianNumber } from "~/platform/indian-numbers";

/** A course's upcoming batches as the registration form offers them. */
export interface BatchChoice {
  /** The course's registration value ("python fullstack"). */
  course: string;
  /** The course as the form's course list names it. */
  label: string;
  /** Batches with seats left (a full batch is not offered). */
  options: { value: string; label: string }[];
}

export interface SubmissionFormProps {
  kind: SubmissionKind;
  /** Registration: the courses' upcoming batches; the "Batch" choice shows only when there are some. */
  batches?: BatchChoice[];
  token: string;
  values?: Partial<Record<FieldName, string>>;
  fieldErrors?: Partial<Record<FieldName, string>>;
  formError?: string;
  submitLabel: string;
}

/** What a mobile field wants, beside it: the server takes +91 and spaces, and keeps ten digits. */
export const mobileHint = "10 digits, e.g. 98450 12345 (+91 is fine)";

const textFields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", inputMode: undefined, hint: undefined },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email", hint: undefined },
  { name: "mobile", label: "Mobile number", type: "tel", autoComplete: "tel", inputMode: "tel", hint: mobileHint },
] as const;

/**
 * The enquiry and registration form: a plain HTML form that posts to the page.
 * The server renders every message and keeps every value; app/client/enhance.ts
 * adds checking as the student leaves each field, with the same rules.
 * No `required` attributes: the browser's own bubbles would hide our messages.
 */
export function SubmissionForm({
  kind,
  batches = [],
  token,
  values = {},
  fieldErrors = {},
  formError,
  submitLabel,
}: SubmissionFormProps) {
  const choice = (
    name: FieldName,
    label: string,
    placeholder: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <Field label={label} name={name} error={fieldErrors[name]}>
      {(control) => (
        <select {...control} aria-required="true" defaultValue={values[name] ?? ""}>
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form method="post" noValidate className="form-card" data-submission={kind} aria-describedby="form-note">
      <div role="alert" className="form-alert" data-form-alert hidden={!formError}>
        {formError}
      </div>
      <p id="form-note" className="mb-4 text-sm text-slate-700">
        {kind === "enquiry"
          ? "Every field is required unless it says optional."
          : `Every field is required${batches.length > 0 ? " but the batch" : ""}.`}
      </p>
      <input type="hidden" name="token" value={token} />
      <div className="visually-hidden-field" aria-hidden="true">
        <label htmlFor={`${kind}-website`}>Leave this field empty</label>
        <input id={`${kind}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-grid">
        {textFields.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            hint={field.hint}
            error={fieldErrors[field.name]}
          >
            {(control) => (
              <input
                {...control}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                aria-required="true"
                defaultValue={values[field.name] ?? ""}
              />
            )}
          </Field>
        ))}
        {choice("stream", "Stream", "Select stream", streams)}
        {choice("major", "Major", "Select major", majors)}
        {choice("state", "State", "Select state", states)}
        <Field label="District" name="district" error={fieldErrors.district}>
          {(control) => (
            <select {...control} aria-required="true" defaultValue={values.district ?? ""}>
              <option value="">Select district</option>
              {/* Without the page script the list cannot follow the state: every state's districts, grouped. */}
              {states.map((state) => (
                <optgroup key={state.value} label={state.label} data-state={state.value}>
                  {districtsByState[state.value].map((district) => (
                    <option key={district} value={district}>
                      {district}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
        {kind === "registration" ? choice("course", "Course", "Select course", courseOptions) : null}
        {kind === "registration" && (batches.length > 0 || fieldErrors.batch) ? (
          // Without the page script every course's batches are offered, grouped; with it, the chosen course's.
          <div className="form-grid-wide" data-batch-field>
            <Field
              label="Batch (optional)"
              name="batch"
              hint="Pick the batch you would like, or leave it for the counsellor's call."
              error={fieldErrors.batch}
            >
              {(control) => (
                <select {...control} defaultValue={values.batch ?? ""}>
                  <option value="">No preference yet</option>
                  {batches.map((group) => (
                    <optgroup key={group.course} label={group.label} data-course={group.course}>
                      {group.options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </Field>
          </div>
        ) : null}
        {kind === "enquiry" ? (
          <>
            <Field label="Course you are interested in (optional)" name="course" error={fieldErrors.course}>
              {(control) => (
                <select {...control} defaultValue={values.course ?? ""}>
                  <option value="">Not sure yet</option>
                  {courseOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="form-grid-wide">
              <Field
                label="Your question (optional)"
                name="question"
                hint={`Fees, timings, eligibility, anything: up to ${indianNumber(questionMaxLength)} characters.`}
                error={fieldErrors.question}
              >
                {(control) => <textarea {...control} rows={4} defaultValue={values.question ?? ""} />}
              </Field>
            </div>
          </>
        ) : null}
      </div>
      <div className="form-consent">
        <CheckboxField
          id={`${kind}-under18`}
          name="under18"
          label="I am under 18 years old"
          defaultChecked={values.under18 === ticked}
        />
        {/* Shown only once "under 18" is ticked (CSS :has); without that support, always shown. */}
        <fieldset className="guardian-fields">
          <legend>Your parent or guardian</legend>
          <p className="field-hint mb-2">
            The law asks a parent or guardian to agree for a student under 18. We will call them to confirm before we go
            further.
          </p>
          <div className="form-grid">
            <Field label="Parent or guardian" name="guardianName" error={fieldErrors.guardianName}>
              {(control) => (
                <input {...control} type="text" autoComplete="off" defaultValue={values.guardianName ?? ""} />
              )}
            </Field>
            <Field
              label="Parent or guardian's phone number"
              name="guardianMobile"
              hint={mobileHint}
              error={fieldErrors.guardianMobile}
            >
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  defaultValue={values.guardianMobile ?? ""}
                />
              )}
            </Field>
          </div>
          <CheckboxField
            id={`${kind}-guardianConsent`}
            name="guardianConsent"
            label={`My parent or guardian agrees to ${site.name} using these details to contact us about admission.`}
            error={fieldErrors.guardianConsent}
            defaultChecked={values.guardianConsent === ticked}
          />
        </fieldset>
        <p className="mt-2 text-sm text-slate-700">
          We use these details only to answer you about our courses and admission, and delete them after{" "}
          {site.privacy.retentionMonths} months. See our <a href="/privacy">privacy notice</a> to read more, or to have
          them deleted sooner.
        </p>
        <CheckboxField
          id={`${kind}-consent`}
          name="consent"
          label={`I agree to ${site.name} using these details to contact me about admission.`}
          error={fieldErrors.consent}
          defaultChecked={values.consent === ticked}
        />
      </div>
      <p className="mt-4">
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </p>
    </form>
  );
}
