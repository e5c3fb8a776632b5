// What "Add a student" loads and accepts, under each students list (/admin, /counsellor and a
// course's desk), with the scope the URL gives: a counsellor adds students of their courses (or
// with no course yet) only, and hears of a student they may not open only that they are handled.
import { data, type RouterContextProvider, redirect } from "react-router";
import { requireRecordDesk } from "~/admissions/records/record-access.server";
import { coversBranch, type RecordScope } from "~/admissions/records/record-scope.server";
import { branchName, studentBranches } from "~/admissions/records/student-branches";
import { callOutcomeLabels, callOutcomes } from "~/admissions/records/student-stages";
import { districtsByState, states } from "~/admissions/submissions/options";
import { databaseContext } from "~/platform/context.server";
import type { AppDatabase } from "~/platform/database.server";
import { readLimitedForm } from "~/platform/form-data.server";
import { courseCatalog } from "~/site/course-catalog";
import { addStudentByHand, describeOnDesk, type OnDesk, recordByContact } from "./intake.server";
import { intakeSourceLabels } from "./intake-labels";
import { type IntakeField, intakeFieldNames, validateIntake } from "./intake-schema";
import { aggregators, consentWayLabels, consentWays, intakeSourceDetailPrompts, intakeSources } from "./intake-sources";

/** The choices the form offers this staff member. */
export function addStudentChoices(scope: RecordScope) {
  const allowed = scope.all ? undefined : scope.courses;
  return {
    courses: courseCatalog
      .filter((course) => !allowed || (allowed as readonly string[]).includes(course.registrationValue))
      .map((course) => ({ value: course.registrationValue, label: course.label })),
    states: states.map((state) => ({ value: state.value, label: state.label })),
    districtsByState: districtsByState as Record<string, readonly string[]>,
    branches: studentBranches
      .filter((branch) => coversBranch(scope, branch))
      .map((branch) => ({ value: branch, label: branchName(branch) })),
    sources: intakeSources.map((source) => ({
      value: source,
      label: intakeSourceLabels[source],
      detail: intakeSourceDetailPrompts[source],
    })),
    aggregators: [...aggregators],
    consents: consentWays.map((way) => ({ value: way, label: consentWayLabels[way] })),
    outcomes: callOutcomes.map((outcome) => ({ value: outcome, label: callOutcomeLabels[outcome] })),
  };
}

export type AddStudentChoices = ReturnType<typeof addStudentChoices>;

/** What a refused or paused form sends back: everything typed, a message per field, and who is on the desk. */
export interface AddStudentAnswer {
  ok: false;
  values: Partial<Record<Exclude<IntakeField, "courses">, string>> & { courses?: string[] };
  fieldErrors: Partial<Record<IntakeField, string>>;
  formError: string;
  /** The mobile or e-mail is a student's already: saving again adds the visit to that record. */
  onDesk?: OnDesk & { confirm: number };
}

export async function loadAddStudent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string },
) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  return {
    base,
    me: staff.name || staff.email,
    choices: addStudentChoices(scope),
    /** After saving a visit of a student another desk handles: said in general words only. */
    handled: new URL(request.url).searchParams.get("handled") === "1",
  };
}

const maxAddStudentBytes = 64 * 1024;

export async function handleAddStudent(
  request: Request,
  context: Readonly<RouterContextProvider>,
  params: { role?: string },
) {
  const { staff, scope, base } = await requireRecordDesk(request, context, params);
  const db: AppDatabase = context.get(databaseContext).db;
  const form = await readLimitedForm(request, maxAddStudentBytes);
  if (form === "too-large")
    return data<AddStudentAnswer>(
      { ok: false, values: {}, fieldErrors: {}, formError: "This form is too large to save: please shorten the note." },
      { status: 413 },
    );
  if (!form)
    return data<AddStudentAnswer>(
      { ok: false, values: {}, fieldErrors: {}, formError: "Please send the form from the Add a student page." },
      { status: 415 },
    );
  const values: AddStudentAnswer["values"] = {};
  const input: Record<string, unknown> = {};
  for (const name of intakeFieldNames) {
    if (name === "courses") {
      const courses = form.getAll("courses").filter((value): value is string => typeof value === "string");
      values.courses = courses.map((value) => value.slice(0, 100));
      input.courses = courses;
      continue;
    }
    const value = form.get(name);
    input[name] = typeof value === "string" ? value : "";
    values[name as Exclude<IntakeField, "courses">] = typeof value === "string" ? value.slice(0, 4000) : "";
  }
  const result = validateIntake(input, {
    allowedCourses: scope.all ? undefined : scope.courses,
    allowedBranches: scope.all ? undefined : scope.branches,
  });
  if (!result.ok) {
    return data<AddStudentAnswer>(
      { ok: false, values, fieldErrors: result.fieldErrors, formError: result.formError },
      { status: 400 },
    );
  }
  // A student already on the desk: the form says who it is (or only that they are handled) first.
  const existing = await recordByContact(db, result.data.mobile, result.data.email);
  const confirmed = Number(form.get("confirm"));
  if (existing !== undefined && confirmed !== existing) {
    const onDesk = await describeOnDesk(db, existing, scope);
    if (onDesk) {
      return data<AddStudentAnswer>(
        { ok: false, values, fieldErrors: {}, formError: "", onDesk: { ...onDesk, confirm: existing } },
        { status: 200 },
      );
    }
  }
  const actor = { id: staff.id, email: staff.email };
  const added = await addStudentByHand(db, result.data, actor, scope);
  if (added.outcome === "created") return redirect(`${base}/${added.id}?saved=added`);
  if (added.onDesk.visible) return redirect(`${base}/${added.id}?saved=added`);
  return redirect(`${base}/new?handled=1`);
}
