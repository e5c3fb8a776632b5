import { data, Form, Link, useNavigation } from "react-router";
import { ownedOutOfReach } from "~/admissions/assignment/assignment.server";
import { branchName, studentBranches } from "~/admissions/records/student-branches";
import { deskMeta } from "~/components/desk/desk-meta";
import { FormMessage } from "~/components/forms";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { courseCatalog } from "~/site/course-catalog";
import { requireStaff } from "~/staff/permissions.server";
import { createStaff, listStaff, removeStaff, resetStaffPassword, setStaffRole } from "~/staff/staff-accounts.server";
import {
  accessLabel,
  allCourses,
  describeBranches,
  describeCourses,
  isStaffRole,
  readBranchSet,
  readCourseSet,
  type StaffRole,
  staffRoles,
} from "~/staff/staff-roles";
import type { Route } from "./+types/staff";

export const meta = () => deskMeta("Staff accounts");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const accounts = await listStaff(db);
  const outOfReach = await ownedOutOfReach(db, accounts);
  return {
    me: staff.email,
    outOfReach,
    accounts: accounts.map((a) => ({
      email: a.email,
      name: a.name,
      role: a.role ?? "",
      courses: a.courses === allCourses ? [allCourses] : [...a.courses],
      branches: [...a.branches] as string[],
      createdAt: String(a.createdAt),
    })),
  };
}

/**
 * `target`: the form the answer belongs to, "create" or the account's e-mail. A refusal names
 * the field it is about and gives back what was chosen (never a password), so nothing is lost.
 */
type Result = { target: string; intent: string; done?: number } & (
  | { ok: true; message: string }
  | {
      ok: false;
      error: string;
      field?: "role" | "courses" | "branches";
      values?: { email: string; name: string; role: string; courses: string[]; branches: string[] };
    }
);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) {
    return data<Result>(
      { target: "page", intent: "", ok: false, error: "Please send the form from the page." },
      { status: 415 },
    );
  }
  const database = context.get(databaseContext);
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const role = String(form.get("role") ?? "");
  const password = String(form.get("password") ?? "");
  const intent = String(form.get("intent") ?? "");
  const courses = form.getAll("courses").map(String);
  const branches = form.getAll("branches").map(String);
  const target = intent === "create" ? "create" : email;
  const values = { email, name: String(form.get("name") ?? ""), role, courses, branches };
  const fail = (error: string, status = 400, field?: "role" | "courses" | "branches") =>
    data<Result>({ target, intent, ok: false, error, field, values }, { status });
  // `done` changes with every success, so the form that sent it starts empty again.
  const done = (message: string) => data<Result>({ target, intent, ok: true, message, done: Date.now() });
  if (!email) return fail("Please enter the e-mail address.");
  /** The role and courses chosen, checked (a counsellor needs a course), or the refusal. */
  const chosenAccess = () => {
    if (!isStaffRole(role)) return { refusal: fail("Please choose a role.", 400, "role") };
    const set = readCourseSet(role, courses);
    if (!set.ok) return { refusal: fail(set.error, 400, "courses") };
    const limit = readBranchSet(role, branches);
    if (!limit.ok) return { refusal: fail(limit.error, 400, "branches") };
    return { role: role as StaffRole, courses: set.courses, branches: limit.branches };
  };

  switch (intent) {
    case "create": {
      const access = chosenAccess();
      if ("refusal" in access) return access.refusal;
      const result = await createStaff(
        database,
        {
          email,
          name: values.name.trim() || email,
          role: access.role,
          courses: access.courses,
          branches: access.branches,
          password,
        },
        staff.email,
      );
      if (!result.ok) return fail(result.error);
      return done(`Account created for ${email} (${accessLabel(access)}). They can sign in now.`);
    }
    case "set-role": {
      const access = chosenAccess();
      if ("refusal" in access) return access.refusal;
      if (email === staff.email && access.role !== "admin") {
        return fail("You cannot take away your own admin role.", 400, "role");
      }
      const result = await setStaffRole(database.db, email, access.role, staff.email, access.courses, access.branches);
      if (!result.ok) return fail(result.error);
      if (result.changed === false) return done(`${email} already has that role, those courses and branches.`);
      return done(`${email} is now ${accessLabel(access)}. Their open sessions were ended.`);
    }
    case "reset-password": {
      const result = await resetStaffPassword(database, email, password, staff.email);
      if (!result.ok) return fail(result.error);
      return done(`Password of ${email} changed. Their open sessions were ended.`);
    }
    case "remove": {
      if (email === staff.email) return fail("You cannot remove your own account.");
      const result = await removeStaff(database.db, email, staff.email);
      if (!result.ok) return fail(result.error);
      return data<Result>({
        target: "page",
        intent,
        ok: true,
        message: `${email} removed. Their open sessions were ended.`,
      });
    }
    default:
      return data<Result>({ target: "page", intent, ok: false, error: "Unknown action." }, { status: 400 });
  }
}

function RoleSelect({ id, defaultValue = "", error }: { id: string; defaultValue?: string; error?: string }) {
  return (
    <select
      id={id}
      name="role"
      defaultValue={defaultValue}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <option value="">Choose a role</option>
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {role === "admin" ? "admin (everything)" : "counsellor (the courses ticked)"}
        </option>
      ))}
    </select>
  );
}

/** Checkboxes for one of an account's settings, with a hint and, after a refusal, the error beside them. */
function Choices({
  id,
  legend,
  hint,
  error,
  children,
}: {
  id: string;
  legend: string;
  hint: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid gap-1" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="font-semibold">{legend}</legend>
      <span className="desk-hint" id={`${id}-hint`}>
        {hint}
      </span>
      {children}
      {error ? (
        <span id={`${id}-error`} className="desk-result desk-result-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

/** The courses a counsellor works on: every course of the catalog, or all (those added later too). */
function CourseChoices({ id, chosen, error }: { id: string; chosen: readonly string[]; error?: string }) {
  return (
    <Choices
      id={id}
      legend="Courses (for a counsellor)"
      hint="A counsellor sees and works on the students of these courses, and enquiries without a course."
      error={error}
    >
      <label className="checkbox-row gap-2">
        <input type="checkbox" name="courses" value={allCourses} defaultChecked={chosen.includes(allCourses)} />
        All courses (and any added later)
      </label>
      {courseCatalog.map((course) => (
        <label key={course.key} className="checkbox-row gap-2">
          <input type="checkbox" name="courses" value={course.key} defaultChecked={chosen.includes(course.key)} />
          {course.label}
        </label>
      ))}
    </Choices>
  );
}

/** The branches a counsellor is limited to: none ticked, every branch. */
function BranchChoices({ id, chosen, error }: { id: string; chosen: readonly string[]; error?: string }) {
  return (
    <Choices
      id={id}
      legend="Branches (for a counsellor)"
      hint="None ticked: every branch. Ticked: only students of these branches, and those whose branch is not known yet."
      error={error}
    >
      {studentBranches.map((branch) => (
        <label key={branch} className="checkbox-row gap-2">
          <input type="checkbox" name="branches" value={branch} defaultChecked={chosen.includes(branch)} />
          {branchName(branch)}
        </label>
      ))}
    </Choices>
  );
}

/** A refusal about one field, shown beside it. */
function fieldError(result: Result | undefined, field: "role" | "courses" | "branches"): string | undefined {
  return result && !result.ok && result.field === field ? result.error : undefined;
}

/** Whether the refusal is shown beside one of the fields (and so not again beside the button). */
function refusedBesideField(result: Result | undefined): boolean {
  return result !== undefined && !result.ok && result.field !== undefined;
}

/** The answer to one form, beside its button. */
function Result({ result }: { result?: Result }) {
  if (!result) return null;
  return (
    <span role={result.ok ? "status" : "alert"} className={`desk-result desk-result-${result.ok ? "ok" : "error"}`}>
      {result.ok ? result.message : `Error: ${result.error}`}
    </span>
  );
}

const passwordHint =
  "At least 15 characters; a phrase of a few words works well. Common passwords are refused. Pasting and password managers are fine.";

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = (intent: string, email?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (email === undefined || navigation.formData?.get("email") === email);
  const result = actionData as Result | undefined;
  const answer = (target: string, intent?: string) =>
    result?.target === target && (intent === undefined || result.intent === intent) ? result : undefined;
  const created = answer("create");
  const createdValues = created && !created.ok ? created.values : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">Staff accounts</h1>
        <p className="text-slate-700">
          Who can sign in to this desk. An administrator sees everything and manages the site; a counsellor sees and
          works on the students of their courses (and enquiries without a course), and can update those courses.
        </p>
      </div>
      {result?.target === "page" ? (
        result.ok ? (
          <FormMessage tone="success">{result.message}</FormMessage>
        ) : (
          <FormMessage tone="error">Error: {result.error}</FormMessage>
        )
      ) : null}
      {loaderData.outOfReach.length > 0 ? (
        <section className="record-panel" aria-labelledby="out-of-reach">
          <h2 id="out-of-reach" className="text-xl font-bold">
            Students to move
          </h2>
          <p>
            These accounts own students whose records they can no longer open (their courses or branches were changed):
          </p>
          <ul className="record-duplicates">
            {loaderData.outOfReach.map((owner) => (
              <li key={owner.ownerId}>
                {owner.ownerName} owns {owner.count} {owner.count === 1 ? "student" : "students"} outside their courses
                or branches:{" "}
                {owner.students.map((student, index) => (
                  <span key={student.id}>
                    {index > 0 ? ", " : ""}
                    <Link to={`/admin/students/${student.id}`}>{student.name}</Link>
                  </span>
                ))}
                {owner.count > owner.students.length ? ` and ${owner.count - owner.students.length} more` : ""}.{" "}
                <Link to={`/admin/students?owner=${encodeURIComponent(owner.ownerId)}`}>
                  Move {owner.ownerName}'s students
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="post"
        className="desk-form"
        aria-labelledby="new-account"
        key={created?.ok ? `created-${created.done}` : "create"}
      >
        <h2 id="new-account" className="text-xl font-bold">
          New account
        </h2>
        <input type="hidden" name="intent" value="create" />
        <label>
          E-mail
          <input
            type="email"
            name="email"
            autoComplete="off"
            required
            maxLength={320}
            defaultValue={createdValues?.email}
          />
        </label>
        <label>
          Name (optional)
          <input name="name" autoComplete="off" maxLength={100} defaultValue={createdValues?.name} />
        </label>
        <div className="desk-field">
          <label htmlFor="new-role">Role</label>
          <RoleSelect id="new-role" defaultValue={createdValues?.role} error={fieldError(created, "role")} />
          {fieldError(created, "role") ? (
            <span id="new-role-error" className="desk-result desk-result-error">
              {fieldError(created, "role")}
            </span>
          ) : null}
        </div>
        <CourseChoices id="new-courses" chosen={createdValues?.courses ?? []} error={fieldError(created, "courses")} />
        <BranchChoices
          id="new-branches"
          chosen={createdValues?.branches ?? []}
          error={fieldError(created, "branches")}
        />
        <div className="desk-field">
          <label htmlFor="new-password">Password</label>
          <span className="desk-hint" id="new-password-hint">
            {passwordHint}
          </span>
          <input
            id="new-password"
            type="password"
            name="password"
            autoComplete="new-password"
            aria-describedby="new-password-hint"
          />
        </div>
        <p className="desk-form-actions">
          <button type="submit" className="btn-primary" disabled={busy}>
            {sending("create") ? "Loading..." : "Create account"}
          </button>
          {refusedBesideField(created) ? null : <Result result={created} />}
        </p>
      </Form>
      <section aria-labelledby="accounts">
        <h2 id="accounts" className="mb-3 text-xl font-bold">
          Accounts ({loaderData.accounts.length})
        </h2>
        <ul className="desk-cards">
          {loaderData.accounts.map((account) => {
            const mine = answer(account.email);
            const kept = mine && !mine.ok && mine.intent === "set-role" ? mine.values : undefined;
            return (
              <li key={account.email} className="desk-form content-start">
                <p>
                  <strong className="block break-all">{account.email}</strong>
                  <span className="text-sm text-slate-700">
                    {account.name && account.name !== account.email ? `${account.name} · ` : ""}
                    {roleName(account.role, account.courses)}
                    {account.role === "counsellor" && account.branches.length
                      ? ` · ${describeBranches(account.branches)} only`
                      : ""}
                    {account.email === loaderData.me ? " (you)" : ""}
                  </span>
                </p>
                <Form
                  method="post"
                  className="grid gap-2"
                  key={`access-${account.role}-${account.courses.join(",")}-${account.branches.join(",")}-${mine?.done ?? ""}`}
                >
                  <input type="hidden" name="intent" value="set-role" />
                  <input type="hidden" name="email" value={account.email} />
                  <label htmlFor={`role-${account.email}`}>
                    Role<span className="sr-only"> of {account.email}</span>
                  </label>
                  <RoleSelect
                    id={`role-${account.email}`}
                    defaultValue={kept?.role ?? account.role}
                    error={fieldError(mine, "role")}
                  />
                  {fieldError(mine, "role") ? (
                    <span id={`role-${account.email}-error`} className="desk-result desk-result-error">
                      {fieldError(mine, "role")}
                    </span>
                  ) : null}
                  <CourseChoices
                    id={`courses-${account.email}`}
                    chosen={kept?.courses ?? account.courses}
                    error={fieldError(mine, "courses")}
                  />
                  <BranchChoices
                    id={`branches-${account.email}`}
                    chosen={kept?.branches ?? account.branches}
                    error={fieldError(mine, "branches")}
                  />
                  <p>
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      {sending("set-role", account.email) ? "Loading..." : "Save role, courses and branches"}
                      <span className="sr-only"> of {account.email}</span>
                    </button>
                  </p>
                  {mine && mine.intent === "set-role" && !refusedBesideField(mine) ? <Result result={mine} /> : null}
                </Form>
                <Form
                  method="post"
                  className="grid gap-2"
                  key={mine?.ok && mine.intent === "reset-password" ? `password-${mine.done}` : "password"}
                >
                  <input type="hidden" name="intent" value="reset-password" />
                  <input type="hidden" name="email" value={account.email} />
                  <label>
                    <span>
                      New password<span className="sr-only"> for {account.email}</span>
                    </span>
                    <input type="password" name="password" autoComplete="new-password" />
                  </label>
                  <p>
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      {sending("reset-password", account.email) ? "Loading..." : "Set password"}
                    </button>
                  </p>
                  {mine && mine.intent === "reset-password" ? <Result result={mine} /> : null}
                </Form>
                {account.email !== loaderData.me ? (
                  <details>
                    <summary className="cursor-pointer">
                      Remove<span className="sr-only"> {account.email}</span>…
                    </summary>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="email" value={account.email} />
                      <button type="submit" className="btn-secondary" disabled={busy}>
                        Yes, remove this account
                        <span className="sr-only"> ({account.email})</span>
                      </button>
                    </Form>
                    {mine && mine.intent === "remove" ? <Result result={mine} /> : null}
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

function roleName(role: string, courses: readonly string[]): string {
  if (!isStaffRole(role)) return "No valid role: cannot sign in";
  const read = readCourseSet(role, courses);
  if (role === "counsellor" && !read.ok) return "Counsellor without a course: sees no student";
  return role === "admin" ? "Administrator" : `Counsellor: ${describeCourses(read.ok ? read.courses : [])}`;
}
