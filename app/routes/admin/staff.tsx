import { data, Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/forms";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { requireStaff } from "~/staff/permissions.server";
import { createStaff, listStaff, removeStaff, resetStaffPassword, setStaffRole } from "~/staff/staff-accounts.server";
import { staffRoles } from "~/staff/staff-roles";
import type { Route } from "./+types/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const accounts = await listStaff(context.get(databaseContext).db);
  return {
    me: staff.email,
    accounts: accounts.map((a) => ({
      email: a.email,
      name: a.name,
      role: a.role ?? "",
      createdAt: String(a.createdAt),
    })),
  };
}

/** `target`: the form the answer belongs to, "create" or the account's e-mail. */
type Result = { target: string; intent: string; done?: number } & (
  | { ok: true; message: string }
  | { ok: false; error: string }
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
  const isRole = (staffRoles as readonly string[]).includes(role);
  const target = intent === "create" ? "create" : email;
  const fail = (error: string, status = 400) => data<Result>({ target, intent, ok: false, error }, { status });
  // `done` changes with every success, so the form that sent it starts empty again.
  const done = (message: string) => data<Result>({ target, intent, ok: true, message, done: Date.now() });
  if (!email) return fail("Please enter the e-mail address.");

  switch (intent) {
    case "create": {
      if (!isRole) return fail("Please choose a role.");
      const result = await createStaff(
        database,
        {
          email,
          name: String(form.get("name") ?? "").trim() || email,
          role: role as (typeof staffRoles)[number],
          password,
        },
        staff.email,
      );
      if (!result.ok) return fail(result.error);
      return done(`Account created for ${email} (${role}). They can sign in now.`);
    }
    case "set-role": {
      if (!isRole) return fail("Please choose a role.");
      if (email === staff.email && role !== "admin") return fail("You cannot take away your own admin role.");
      const result = await setStaffRole(database.db, email, role as (typeof staffRoles)[number], staff.email);
      if (!result.ok) return fail(result.error);
      return done(`${email} is now ${role}. Their open sessions were ended.`);
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

function RoleSelect({ id, defaultValue = "" }: { id: string; defaultValue?: string }) {
  return (
    <select id={id} name="role" defaultValue={defaultValue}>
      <option value="">Choose a role</option>
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {role === "admin" ? "admin (everything)" : `${role} coordinator`}
        </option>
      ))}
    </select>
  );
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
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">Staff accounts</h1>
        <p className="text-slate-700">
          Who can sign in to this desk. An administrator sees everything; a course coordinator sees only their course's
          registrations and can update that course.
        </p>
      </div>
      {result?.target === "page" ? (
        result.ok ? (
          <FormMessage tone="success">{result.message}</FormMessage>
        ) : (
          <FormMessage tone="error">Error: {result.error}</FormMessage>
        )
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
          <input type="email" name="email" autoComplete="off" required maxLength={320} />
        </label>
        <label>
          Name (optional)
          <input name="name" autoComplete="off" maxLength={100} />
        </label>
        <label htmlFor="new-role">Role</label>
        <RoleSelect id="new-role" />
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
          <Result result={created} />
        </p>
      </Form>
      <section aria-labelledby="accounts">
        <h2 id="accounts" className="mb-3 text-xl font-bold">
          Accounts ({loaderData.accounts.length})
        </h2>
        <ul className="desk-cards">
          {loaderData.accounts.map((account) => {
            const mine = answer(account.email);
            return (
              <li key={account.email} className="desk-form content-start">
                <p>
                  <strong className="block break-all">{account.email}</strong>
                  <span className="text-sm text-slate-700">
                    {account.name && account.name !== account.email ? `${account.name} · ` : ""}
                    {roleName(account.role)}
                    {account.email === loaderData.me ? " (you)" : ""}
                  </span>
                </p>
                <Form method="post" className="grid gap-2" key={`role-${account.role}`}>
                  <input type="hidden" name="intent" value="set-role" />
                  <input type="hidden" name="email" value={account.email} />
                  <label htmlFor={`role-${account.email}`}>
                    Role<span className="sr-only"> of {account.email}</span>
                  </label>
                  <div className="flex flex-wrap items-center gap-2">
                    <RoleSelect id={`role-${account.email}`} defaultValue={account.role} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      {sending("set-role", account.email) ? "Loading..." : "Change role"}
                    </button>
                  </div>
                  {mine && mine.intent === "set-role" ? <Result result={mine} /> : null}
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

function roleName(role: string): string {
  if (role === "admin") return "Administrator";
  if (role) return `${role} coordinator`;
  return "No valid role: cannot sign in";
}
