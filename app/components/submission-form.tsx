import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { courseOptions, districtsByState, majors, states, streams, type StateValue } from "~/lib/options";
import { type FieldName, validateField, validateSubmission } from "~/lib/submission-schema";
import { Field, FormMessage } from "./forms";

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
 * The enquiry and registration form. Without JavaScript it is a plain post
 * and the server renders the messages; with it, each field is checked as the
 * student leaves it, with the same rules (app/lib/submission-schema.ts).
 */
export function SubmissionForm(props: SubmissionFormProps) {
  const { kind, token, values = {}, submitLabel } = props;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [errors, setErrors] = useState(props.fieldErrors ?? {});
  const [formError, setFormError] = useState(props.formError);
  const [state, setState] = useState(values.state ?? "");

  useEffect(() => setHydrated(true), []);
  // A new answer from the server replaces what the browser found.
  useEffect(() => {
    setErrors(props.fieldErrors ?? {});
    setFormError(props.formError);
  }, [props.fieldErrors, props.formError]);

  function currentValues(): Record<string, string> {
    const data = new FormData(formRef.current ?? undefined);
    return Object.fromEntries([...data.entries()].map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  }

  function check(name: FieldName) {
    const message = validateField(kind, name, currentValues());
    setErrors((previous) => ({ ...previous, [name]: message }));
  }

  function onFieldEvent(event: React.FocusEvent | React.ChangeEvent) {
    const name = (event.target as HTMLInputElement).name as FieldName;
    // Check on leaving a field, and keep re-checking one that already shows a message.
    if (event.type === "blur" || errors[name]) check(name);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const result = validateSubmission(kind, currentValues());
    if (result.ok) {
      setFormError(undefined);
      return;
    }
    event.preventDefault();
    setErrors(result.fieldErrors);
    setFormError(result.formError);
    const firstInvalid = Object.keys(result.fieldErrors)[0];
    if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
  }

  const districtChoices = state ? (districtsByState[state as StateValue] ?? []) : [];

  return (
    <Form method="post" noValidate ref={formRef} onSubmit={onSubmit} className="form-card" aria-describedby="form-note">
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
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
          <Field key={field.name} label={field.label} name={field.name} error={errors[field.name]}>
            {(control) => (
              <input
                {...control}
                type={field.type}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                aria-required="true"
                defaultValue={values[field.name] ?? ""}
                onBlur={onFieldEvent}
                onChange={onFieldEvent}
              />
            )}
          </Field>
        ))}
        {renderChoice("stream", "Stream", "Select stream", streams)}
        {renderChoice("major", "Major", "Select major", majors)}
        <Field label="State" name="state" error={errors.state}>
          {(control) => (
            <select
              {...control}
              aria-required="true"
              defaultValue={values.state ?? ""}
              onChange={(event) => {
                setState(event.target.value);
                onFieldEvent(event);
              }}
              onBlur={onFieldEvent}
            >
              <option value="">Select state</option>
              {states.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label="District"
          name="district"
          error={errors.district}
          hint={hydrated ? undefined : "Choose the district in your state."}
        >
          {(control) => (
            <select
              {...control}
              key={hydrated ? `districts-${state}` : "districts-all"}
              aria-required="true"
              defaultValue={!hydrated || values.state === state ? (values.district ?? "") : ""}
              onBlur={onFieldEvent}
              onChange={onFieldEvent}
            >
              <option value="">Select district</option>
              {hydrated
                ? districtChoices.map((district) => (
                    <option key={district} value={district}>
                      {district}
                    </option>
                  ))
                : // Without JavaScript the list cannot follow the state, so every state's districts are offered, grouped.
                  states.map((option) => (
                    <optgroup key={option.value} label={option.label}>
                      {districtsByState[option.value].map((district) => (
                        <option key={district} value={district}>
                          {district}
                        </option>
                      ))}
                    </optgroup>
                  ))}
            </select>
          )}
        </Field>
        {kind === "registration" ? (
          renderChoice("course", "Course", "Select course", courseOptions)
        ) : null}
      </div>
      <p className="mt-6">
        <button type="submit" className="btn-primary" disabled={submitting}>
          {submitting ? "Sending…" : submitLabel}
        </button>
      </p>
    </Form>
  );

  // A plain function, not a component: a component declared in render would remount (and lose the choice) on every render.
  function renderChoice(
    name: FieldName,
    label: string,
    placeholder: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) {
    return (
      <Field label={label} name={name} error={errors[name]}>
        {(control) => (
          <select
            {...control}
            aria-required="true"
            defaultValue={values[name] ?? ""}
            onBlur={onFieldEvent}
            onChange={onFieldEvent}
          >
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
  }
}
