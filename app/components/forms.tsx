import { useId } from "react";

interface FieldShell {
  label: string;
  name: string;
  /** A fixed id, when something else on the page refers to the control. */
  id?: string;
  error?: string;
  hint?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string;
  }) => React.ReactNode;
}

/** Wires a label, the control and its message together for assistive technology. */
export function Field({ label, name, id: fixedId, error, hint, children }: FieldShell) {
  const generatedId = `${useId()}-${name}`;
  const id = fixedId ?? generatedId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The message slot is always referenced: the page script may fill it in later.
  const describedBy = [hint ? hintId : null, errorId].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {children({ id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {/* The line is kept even when empty, so a message appearing on blur does not move the
          button under the pointer and swallow the click. */}
      <p id={errorId} className="field-error" data-error-for={name}>
        {error}
      </p>
    </div>
  );
}

/**
 * A checkbox with its label beside it and a message slot below, wired like Field. Ticked,
 * it posts "yes" (the forms' rules read that value).
 */
export function CheckboxField({
  label,
  name,
  id,
  error,
  defaultChecked,
}: {
  label: React.ReactNode;
  name: string;
  id: string;
  error?: string;
  defaultChecked?: boolean;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="check-field">
      <div className="check-field-row">
        <input
          type="checkbox"
          id={id}
          name={name}
          value="yes"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <p id={errorId} className="field-error" data-error-for={name}>
        {error}
      </p>
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** The page-level message above a form: an alert for problems, a status for success. */
export function FormMessage({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={tone === "error" ? "form-alert" : "form-success"}>
      {children}
    </div>
  );
}

/** What a staff action answered: its message when it worked, "Error: ..." when it did not. */
export function ActionMessage({ result }: { result?: { ok: boolean; message?: string; error?: string } | null }) {
  if (!result) return null;
  if (result.ok) return result.message ? <FormMessage tone="success">{result.message}</FormMessage> : null;
  return <FormMessage tone="error">Error: {result.error}</FormMessage>;
}
