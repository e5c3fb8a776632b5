// The small script that public form pages load instead of React (decision 005): it checks
// each field as the student leaves it, with the same rules the server applies, keeps the
// district list to the chosen state, stops a double submit, and shows passwords on request.
import type { FieldName, SubmissionKind } from "~/admissions/submissions/submission-schema";

type FormRules = typeof import("~/admissions/submissions/submission-schema");

let rules: FormRules | undefined;
let loadingRules: Promise<FormRules> | undefined;

/**
 * The form rules (the schema and its validation library, most of this script's weight) load
 * when the student first touches a form, not with the page: a visitor who only reads pays
 * nothing for them, and the page's first paint never waits for them (decision 017).
 */
function loadRules(): Promise<FormRules> {
  loadingRules ??= import("~/admissions/submissions/submission-schema").then(
    (module) => {
      rules = module;
      return module;
    },
    (error: unknown) => {
      loadingRules = undefined;
      throw error;
    },
  );
  return loadingRules;
}

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function control(form: HTMLFormElement, name: string): Control | null {
  const element = form.elements.namedItem(name);
  return element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
    ? element
    : null;
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

/**
 * Each state's districts, read from the district list the server rendered for pages without
 * this script (one group per state): the page is the data, so this script imports nothing at
 * load and its first paint waits for no other file (decision 017).
 */
function districtsOf(form: HTMLFormElement): Map<string, string[]> {
  const groups = form.querySelectorAll<HTMLOptGroupElement>("select[name=district] optgroup[data-state]");
  return new Map(
    [...groups].map((group) => [group.dataset.state ?? "", [...group.querySelectorAll("option")].map((o) => o.value)]),
  );
}

/** Offers only the chosen state's districts, keeping the choice when it still fits. */
function syncDistricts(form: HTMLFormElement, districts: Map<string, string[]>) {
  const state = control(form, "state")?.value ?? "";
  const district = control(form, "district");
  if (!(district instanceof HTMLSelectElement)) return;
  const chosen = district.value;
  const names = districts.get(state) ?? [];
  const placeholder = district.options[0]?.cloneNode(true) as HTMLOptionElement;
  district.replaceChildren(placeholder, ...names.map((name) => new Option(name, name, false, name === chosen)));
  if (!names.includes(chosen)) district.value = "";
  form.querySelector("[data-district-hint]")?.remove();
}

/** Each course's batch options, read from the groups the server rendered (as districts are). */
function batchesOf(form: HTMLFormElement): Map<string, HTMLOptionElement[]> {
  const groups = form.querySelectorAll<HTMLOptGroupElement>("select[name=batch] optgroup[data-course]");
  return new Map(
    [...groups].map((group) => [
      group.dataset.course ?? "",
      [...group.querySelectorAll("option")].map((option) => option.cloneNode(true) as HTMLOptionElement),
    ]),
  );
}

/** Offers only the chosen course's batches, and no batch choice at all for a course without any. */
function syncBatches(form: HTMLFormElement, batches: Map<string, HTMLOptionElement[]>) {
  const batch = control(form, "batch");
  const field = form.querySelector<HTMLElement>("[data-batch-field]");
  if (!(batch instanceof HTMLSelectElement) || !field) return;
  const chosen = batch.value;
  const options = batches.get(control(form, "course")?.value ?? "") ?? [];
  const placeholder = batch.options[0]?.cloneNode(true) as HTMLOptionElement;
  batch.replaceChildren(placeholder, ...options.map((option) => option.cloneNode(true) as HTMLOptionElement));
  batch.value = options.some((option) => option.value === chosen && !option.disabled) ? chosen : "";
  // A batch that filled up since the page was loaded is answered beside the field: it stays in sight.
  const refused = field.querySelector("[data-error-for=batch]")?.textContent;
  field.hidden = options.length === 0 && !refused;
}

function enhanceSubmission(form: HTMLFormElement) {
  const kind = form.dataset.submission as SubmissionKind;
  const districts = districtsOf(form);
  syncDistricts(form, districts);
  const batches = batchesOf(form);
  syncBatches(form, batches);
  const prepare = () => void loadRules().catch(() => {});
  for (const type of ["focusin", "pointerdown", "keydown"]) form.addEventListener(type, prepare, { passive: true });

  const isField = (loaded: FormRules, name: string): name is FieldName =>
    (loaded.fieldNamesOf[kind] as readonly string[]).includes(name);
  const check = (name: string) =>
    void loadRules()
      .then((loaded) => {
        if (isField(loaded, name)) showError(form, name, loaded.validateField(kind, name, valuesOf(form)));
      })
      .catch(() => {});
  form.addEventListener("focusout", (event) => check((event.target as HTMLInputElement).name));
  const recheck = (event: Event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "state") syncDistricts(form, districts);
    if (target.name === "course") syncBatches(form, batches);
    // Unticking "under 18" clears what was said about the guardian's fields.
    if (target.name === "under18") {
      for (const name of ["guardianName", "guardianMobile", "guardianConsent"] as const) {
        if (control(form, name)?.getAttribute("aria-invalid") === "true") check(name);
      }
    }
    // A field that already shows a message is checked again as the student corrects it.
    if (target.getAttribute("aria-invalid") === "true") check(target.name);
  };
  form.addEventListener("input", recheck);
  form.addEventListener("change", recheck);

  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const label = button?.textContent ?? "";
  let sending: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener("submit", (event) => {
    // Rules not loaded yet (a submit before any touch, or a failed download): the server
    // checks the form and answers with its messages, as it does without JavaScript.
    const result = rules ? rules.validateSubmission(kind, valuesOf(form)) : ({ ok: true } as const);
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
    const names = rules?.fieldNamesOf[kind] as readonly FieldName[];
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
