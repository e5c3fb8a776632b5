import { data, Form } from "react-router";
import { assignmentRules, type PoolBranch, setAway, setPool } from "~/admissions/assignment/assignment.server";
import { reassignAudited } from "~/admissions/assignment/reassignment.server";
import { everyRecord } from "~/admissions/records/record-scope.server";
import { branchName, isStudentBranch, studentBranches, worksAtBranch } from "~/admissions/records/student-branches";
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
      branches: [...account.branches] as string[],
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
      const branchSent = String(form.get("branch") ?? "");
      if (branchSent !== "" && !isStudentBranch(branchSent)) return refuse("Please choose a branch.");
      const branch = branchSent as PoolBranch;
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
      // A branch's pool takes only those who work at that branch (a counsellor limited to others never sees its students).
      const elsewhere = branch
        ? members.map((id) => known.get(id)).find((account) => account && !worksAtBranch(account.branches, branch))
        : undefined;
      if (elsewhere) {
        return refuse(
          `${elsewhere.email} does not work at ${branchName(branch)}: give them that branch on the staff accounts page first.`,
        );
      }
      const poolName = poolLabel(courseByValue(course)?.label ?? course, branch);
      await auditedChange(db, (tx) => setPool(tx, course as CourseValue, members, branch), {
        actor: staff.email,
        action: "assignment.pool",
        subject: branch ? `${course} (${branch})` : course,
        detail: { members: members.map((id) => known.get(id)?.email) },
      });
      return data<Result>({
        ok: true,
        message: `Pool of ${poolName} saved (${members.length} ${members.length === 1 ? "account" : "accounts"}).`,
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

/** "Embedded", "Embedded at Chennai", "Embedded online". */
function poolLabel(course: string, branch: PoolBranch): string {
  if (!branch) return course;
  return branch === "online" ? `${course} online` : `${course} at ${branchName(branch)}`;
}

/** One pool's form: the course's own (branch "") or a branch's, whose choices are those who work at it. */
function PoolForm({
  course,
  branch,
  members,
  accounts,
}: {
  course: { label: string; registrationValue: string };
  branch: PoolBranch;
  members: readonly string[];
  accounts: readonly { id: string; name: string; away: boolean; branches: readonly string[] }[];
}) {
  const label = poolLabel(course.label, branch);
  const choosable = accounts.filter(
    (account) => members.includes(account.id) || !branch || worksAtBranch(account.branches, branch),
  );
  return (
    <Form method="post" className="desk-form" aria-label={`Pool of ${label}`}>
      <input type="hidden" name="intent" value="pool" />
      <input type="hidden" name="course" value={course.registrationValue} />
      <input type="hidden" name="branch" value={branch} />
      <fieldset>
        <legend className="font-bold">{label}</legend>
        {choosable.map((account) => (
          <label key={account.id} className="checkbox-row">
            <input type="checkbox" name="member" value={account.id} defaultChecked={members.includes(account.id)} />{" "}
            {account.name}
            {account.away ? " (away)" : ""}
            {account.branches.length ? ` (${account.branches.map(branchName).join(", ")} only)` : ""}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn-secondary">
        Save pool of {label}
      </button>
    </Form>
  );
}

export default function Assignment({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, pools: coursePools } = loaderData;
  const nameOf = new Map(accounts.map((account) => [account.id, account.name]));
  const awayIds = new Set(accounts.filter((account) => account.away).map((account) => account.id));
  return (
    <div className="space-y-6">
      <h1 className="page-title">Assignment</h1>
      <ActionMessage result={actionData} />
      <p>
        A new student of a course goes to the next person of that course's pool for the student's branch, in turn,
        skipping anyone away; a branch with nobody available uses the course's own pool, where anyone limited to other
        branches is passed over. A student whose branch is not known yet goes to the course's own pool. A student who
        writes again stays with their owner. With nobody available, or for an enquiry without a course, the student
        waits in the Unassigned list for an admin.
      </p>
      <section aria-labelledby="pools-title">
        <h2 id="pools-title" className="mb-3 text-xl font-bold">
          Pools
        </h2>
        <div className="space-y-6">
          {courseCatalog.map((course) => {
            const pools = coursePools[course.registrationValue];
            const available = (ids: readonly string[]) => ids.filter((id) => !awayIds.has(id));
            const names = (ids: readonly string[]) => ids.map((id) => nameOf.get(id) ?? "a former account").join(", ");
            const own = pools?.[""] ?? [];
            return (
              <section key={course.key} aria-labelledby={`pool-${course.key}`} className="record-panel space-y-3">
                <h3 id={`pool-${course.key}`} className="text-lg font-bold">
                  {course.label}
                </h3>
                <ul className="pool-fallbacks" aria-label={`Who gets new ${course.label} students, by branch`}>
                  <li>
                    {`${course.label} pool: ${
                      own.length === 0
                        ? "nobody, so students of a branch without a pool of its own stay unassigned"
                        : `${names(own)}${available(own).length === 0 ? " (all away)" : ""}`
                    }`}
                  </li>
                  {studentBranches.map((branch) => {
                    const members = pools?.[branch] ?? [];
                    return (
                      <li key={branch}>
                        {`${branchName(branch)}: ${
                          members.length === 0
                            ? `no counsellors of its own; uses the ${course.label} pool`
                            : available(members).length === 0
                              ? `${names(members)}, all away; uses the ${course.label} pool meanwhile`
                              : names(members)
                        }`}
                      </li>
                    );
                  })}
                </ul>
                <div className="desk-cards">
                  <PoolForm course={course} branch="" members={own} accounts={accounts} />
                </div>
                {/* The branches' pools open by themselves once one has someone. */}
                <details
                  className="pool-branches"
                  open={studentBranches.some((branch) => (pools?.[branch] ?? []).length > 0)}
                >
                  <summary className="pool-branches-title">Pools of {course.label} per branch</summary>
                  <div className="desk-cards">
                    {studentBranches.map((branch) => (
                      <PoolForm
                        key={branch}
                        course={course}
                        branch={branch}
                        members={pools?.[branch] ?? []}
                        accounts={accounts}
                      />
                    ))}
                  </div>
                </details>
              </section>
            );
          })}
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
