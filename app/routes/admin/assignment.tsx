import { data, Form } from "react-router";
import { assignmentRules, setAway, setPool } from "~/admissions/assignment/assignment.server";
import { reassignAudited } from "~/admissions/assignment/reassignment.server";
import { everyRecord } from "~/admissions/records/record-scope.server";
import { ownedRecordIds } from "~/admissions/records/student-records.server";
import { badForm } from "~/admissions/submissions/submission-desk.server";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage } from "~/components/forms";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { type CourseValue, courseByValue, courseCatalog, courseValues } from "~/site/course-catalog";
import { auditedChange } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/permissions.server";
import { listStaff } from "~/staff/staff-accounts.server";
import { isStaffRole, worksOn } from "~/staff/staff-roles";
import type { Route } from "./+types/assignment";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const [accounts, rules] = await Promise.all([listStaff(db), assignmentRules(db)]);
  return {
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name || account.email,
      email: account.email,
      away: rules.away.has(account.id),
    })),
    pools: rules.pools,
  };
}

export function meta() {
  return deskMeta("Assignment");
}

type Result = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return badForm();
  const { db } = context.get(databaseContext);
  const accounts = await listStaff(db);
  const known = new Map(accounts.map((account) => [account.id, account]));
  const refuse = (error: string) => data<Result>({ ok: false, error }, { status: 400 });
  switch (form.get("intent")) {
    case "pool": {
      const course = String(form.get("course") ?? "");
      if (!(courseValues as readonly string[]).includes(course)) return refuse("Please choose a course.");
      const members = form.getAll("member").map(String);
      if (members.some((id) => !known.has(id))) return refuse("Please choose staff accounts from the list.");
      // A counsellor is given only students they can see: those of the courses they work on.
      const key = courseByValue(course)?.key;
      const outside = members
        .map((id) => known.get(id))
        .find(
          (account) =>
            !account || !isStaffRole(account.role) || !key || !worksOn({ ...account, role: account.role }, key),
        );
      if (outside) {
        return refuse(
          `${outside.email} does not work on ${courseByValue(course)?.label ?? course}: give them the course on the staff accounts page first.`,
        );
      }
      await auditedChange(db, (tx) => setPool(tx, course as CourseValue, members), {
        actor: staff.email,
        action: "assignment.pool",
        subject: course,
        detail: { members: members.map((id) => known.get(id)?.email) },
      });
      return data<Result>({
        ok: true,
        message: `Pool of ${courseByValue(course)?.label ?? course} saved (${members.length} ${members.length === 1 ? "account" : "accounts"}).`,
      });
    }
    case "away": {
      const userId = String(form.get("userId") ?? "");
      const account = known.get(userId);
      if (!account) return refuse("That account no longer exists.");
      const away = form.get("away") === "yes";
      await auditedChange(db, (tx) => setAway(tx, userId, away), {
        actor: staff.email,
        action: away ? "assignment.away" : "assignment.back",
        subject: account.email,
      });
      return data<Result>({
        ok: true,
        message: away ? `${account.email} is away: no new students go to them.` : `${account.email} is back.`,
      });
    }
    case "reassign": {
      const from = String(form.get("from") ?? "");
      const to = String(form.get("to") ?? "");
      const reason = String(form.get("reason") ?? "").trim();
      if (!known.has(from)) return refuse("Please choose whose students to move.");
      if (to !== "" && !known.has(to)) return refuse("Please choose who gets them, or Unassigned.");
      if (to === from) return refuse("Please choose someone else to give them to.");
      if (reason.length > 500) return refuse("The reason can be at most 500 characters.");
      // Each record moved gets its owner entry and its own audit line (as from the Students list).
      const ids = await ownedRecordIds(db, from);
      const moved = await reassignAudited(db, ids, to || null, reason, staff, everyRecord);
      return data<Result>({ ok: true, message: `${moved.length} students moved.` });
    }
    default:
      return refuse("Unknown action.");
  }
}

export default function Assignment({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, pools } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Assignment</h1>
      <ActionMessage result={actionData} />
      <p>
        A new student of a course goes to the next person of that course's pool, in turn, skipping anyone away. A
        student who writes again stays with their owner. With nobody available, or for an enquiry without a course, the
        student waits in the Unassigned list for an admin.
      </p>
      <section aria-labelledby="pools-title">
        <h2 id="pools-title" className="mb-3 text-xl font-bold">
          Pools
        </h2>
        <div className="desk-cards">
          {courseCatalog.map((course) => (
            <Form method="post" key={course.key} className="desk-form" aria-label={`Pool of ${course.label}`}>
              <input type="hidden" name="intent" value="pool" />
              <input type="hidden" name="course" value={course.registrationValue} />
              <fieldset>
                <legend className="font-bold">{course.label}</legend>
                {accounts.map((account) => (
                  <label key={account.id} className="checkbox-row">
                    <input
                      type="checkbox"
                      name="member"
                      value={account.id}
                      defaultChecked={pools[course.registrationValue]?.includes(account.id)}
                    />{" "}
                    {account.name}
                    {account.away ? " (away)" : ""}
                  </label>
                ))}
              </fieldset>
              <button type="submit" className="btn-secondary">
                Save pool of {course.label}
              </button>
            </Form>
          ))}
        </div>
      </section>
      <section aria-labelledby="away-title">
        <h2 id="away-title" className="mb-3 text-xl font-bold">
          Away
        </h2>
        <ul className="space-y-2">
          {accounts.map((account) => (
            <li key={account.id}>
              <Form method="post" className="desk-form-actions">
                <input type="hidden" name="intent" value="away" />
                <input type="hidden" name="userId" value={account.id} />
                <input type="hidden" name="away" value={account.away ? "no" : "yes"} />
                <span>
                  {account.name} {account.away ? <strong>is away</strong> : "is available"}
                </span>
                <button type="submit" className="btn-small">
                  {account.away ? `Mark ${account.name} back` : `Mark ${account.name} away`}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="reassign-title">
        <h2 id="reassign-title" className="mb-3 text-xl font-bold">
          Move someone's students
        </h2>
        <Form method="post" className="desk-form max-w-xl">
          <input type="hidden" name="intent" value="reassign" />
          <label>
            Every student of
            <select name="from" required defaultValue="">
              <option value="">Choose...</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            goes to
            <select name="to" defaultValue="">
              <option value="">Unassigned</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Reason (optional, on each student's timeline)
            <input type="text" name="reason" maxLength={500} />
          </label>
          <button type="submit" className="btn-secondary">
            Move students
          </button>
        </Form>
      </section>
    </div>
  );
}
