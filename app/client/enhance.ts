// The small script that public form pages load instead of React (decision 005): it checks
// each field as the student leaves it, with the same rules the server applies, keeps the
// district list to the chosen state, stops a double submit, and shows passwords on request.
import { districtsByState, isStateValue } from "~/admissions/options";
import {
  type FieldName,
  fieldNamesOf,
  type SubmissionKind,
  validateField,
  validateSubmission,
} from "~/admissions/submission-schema";

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

function control(form: HTMLFormElement, name: string): HTMLInputElement | HTMLSelectElement | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element : null;
}

function showError(form: HTMLFormElement, name: string, message: string | undefined) {
  const field = control(form, name);
  const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (!field || !slot) return;
  slot.textContent = message ?? "";
  if (message) field.setAttribute("aria-invalid", "true");
  else field.removeAttribute("aria-invalid");
}

function showFormError(form: HTMLFormElement, message: string | undefined) {
  const alert = form.querySelector<HTMLElement>("[data-form-alert]");
  if (!alert) return;
  alert.textContent = message ?? "";
  alert.hidden = !message;
}

/** Offers only the chosen state's districts, keeping the choice when it still fits. */
function syncDistricts(form: HTMLFormElement) {
  const state = control(form, "state")?.value;
  const district = control(form, "district");
  if (!(district instanceof HTMLSelectElement)) return;
  const chosen = district.value;
  const names = isStateValue(state) ? districtsByState[state] : [];
  const placeholder = district.options[0]?.cloneNode(true) as HTMLOptionElement;
  district.replaceChildren(placeholder, ...names.map((name) => new Option(name, name, false, name === chosen)));
  if (!names.includes(chosen)) district.value = "";
  form.querySelector("[data-district-hint]")?.remove();
}

function enhanceSubmission(form: HTMLFormElement) {
  const kind = form.dataset.submission as SubmissionKind;
  const names = fieldNamesOf[kind] as readonly FieldName[];
  syncDistricts(form);

  const check = (name: FieldName) => showError(form, name, validateField(kind, name, valuesOf(form)));
  form.addEventListener("focusout", (event) => {
    const name = (event.target as HTMLInputElement).name as FieldName;
    if (names.includes(name)) check(name);
  });
  const recheck = (event: Event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "state") syncDistricts(form);
    // Unticking "under 18" clears what was said about the guardian's fields.
    if (target.name === "under18") {
      for (const name of ["guardianName", "guardianMobile", "guardianConsent"] as const) {
        if (control(form, name)?.getAttribute("aria-invalid") === "true") check(name);
      }
    }
    // A field that already shows a message is checked again as the student corrects it.
    if (names.includes(target.name as FieldName) && target.getAttribute("aria-invalid") === "true") {
      check(target.name as FieldName);
    }
  };
  form.addEventListener("input", recheck);
  form.addEventListener("change", recheck);

  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent ?? "";
  let sending: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener("submit", (event) => {
    const result = validateSubmission(kind, valuesOf(form));
    if (result.ok) {
      showFormError(form, undefined);
      if (button) {
        // The server stores a double click once anyway; this just shows it is on its way.
        sending = setTimeout(() => {
          button.disabled = true;
          button.textContent = "Sending…";
        });
      }
      return;
    }
    event.preventDefault();
    for (const name of names) showError(form, name, result.fieldErrors[name]);
    showFormError(form, result.formError);
    const first = names.find((name) => result.fieldErrors[name]);
    if (first) control(form, first)?.focus();
  });
  // Back (or Forward) can show the page as it was left, from the back-forward cache: the
  // button must work again for the next submission.
  window.addEventListener("pageshow", () => {
    clearTimeout(sending);
    if (!button) return;
    button.disabled = false;
    button.textContent = label;
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-submission]")) enhanceSubmission(form);

for (const toggle of document.querySelectorAll<HTMLInputElement>("input[data-show-password]")) {
  const target = document.getElementById(toggle.dataset.showPassword ?? "");
  toggle.closest("[hidden]")?.removeAttribute("hidden");
  toggle.addEventListener("change", () => {
    if (target instanceof HTMLInputElement) target.type = toggle.checked ? "text" : "password";
  });
}
