import { courseOptions, districtsByState, majors, states, streams } from "~/lib/options";
import type { FieldName } from "~/lib/submission-schema";
import { Field } from "./forms";

export interface SubmissionFormProps {
  kind: "enquiry" | "registration";
  token: string;
  values?: Partial<Record<FieldName, string>>;
  fieldErrors?: Partial<Record<FieldName, string>>;
  formError?: string;
  submitLabel: string;
}

const textFields = [
  { name: "name", label: "Name", type: "text", autoComplete: "name", inputMode: undefined },
  { name: "email", label: "Email", type: "email", autoComplete: "email", inputMode: "email" },
  { name: "mobile", label: "Mobile number", type: "tel", autoComplete: "tel-national", inputMode: "numeric" },
] as const;

/**
 * The enquiry and registration form: a plain HTML form that posts to the page.
 * The server renders every message and keeps every value; app/client/enhance.ts
 * adds checking as the student leaves each field, with the same rules.
 * No `required` attributes: the browser's own bubbles would hide our messages.
 */
export function SubmissionForm({
  kind,
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
        Every field is required.
      </p>
      <input type="hidden" name="token" value={token} />
      <div className="visually-hidden-field" aria-hidden="true">
        <label htmlFor={`${kind}-website`}>Leave this field empty</label>
        <input id={`${kind}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className="form-grid">
        {textFields.map((field) => (
          <Field key={field.name} label={field.label} name={field.name} error={fieldErrors[field.name]}>
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
                <optgroup key={state.value} label={state.label}>
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
      </div>
      <p className="mt-4 text-sm text-slate-700">
        We use these details only to answer you about our courses and admission, and keep them for 24 months. See our{" "}
        <a href="/privacy">privacy notice</a> to read more or to have them deleted.
      </p>
      <p className="mt-4">
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </p>
    </form>
  );
}
