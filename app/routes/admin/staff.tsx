import { data, Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/forms";
import { staffRoles } from "~/lib/staff-roles";
import { databaseContext } from "~/server/context.server";
import { readFormBody } from "~/server/form-data.server";
import { requireStaff } from "~/server/permissions.server";
import { recordAudit } from "~/server/repositories/audit-log.server";
import { createStaff, listStaff, removeStaff, resetStaffPassword, setStaffRole } from "~/server/staff-accounts.server";
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

type Result = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return data<Result>({ ok: false, error: "Please send the form from the page." }, { status: 415 });
  const database = context.get(databaseContext);
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const role = String(form.get("role") ?? "");
  const password = String(form.get("password") ?? "");
  const intent = String(form.get("intent") ?? "");
  const isRole = (staffRoles as readonly string[]).includes(role);
  const fail = (error: string, status = 400) => data<Result>({ ok: false, error }, { status });
  if (!email) return fail("Please enter the e-mail address.");

  switch (intent) {
    case "create": {
      if (!isRole) return fail("Please choose a role.");
      const result = await createStaff(database, {
        email,
        name: String(form.get("name") ?? "").trim() || email,
        role: role as (typeof staffRoles)[number],
        password,
      });
      if (!result.ok) return fail(result.error);
      await recordAudit(database.db, { actor: staff.email, action: "staff.create", subject: email, detail: { role } });
      return data<Result>({ ok: true, message: `Account created for ${email} (${role}).` });
    }
    case "set-role": {
      if (!isRole) return fail("Please choose a role.");
      if (email === staff.email && role !== "admin") return fail("You cannot take away your own admin role.");
      const result = await setStaffRole(database.db, email, role as (typeof staffRoles)[number]);
      if (result && typeof result === "object" && "ok" in result && !result.ok) return fail(String(result.error));
      await recordAudit(database.db, {
        actor: staff.email,
        action: "staff.set-role",
        subject: email,
        detail: { role },
      });
      return data<Result>({ ok: true, message: `${email} is now ${role}. Their open sessions were ended.` });
    }
    case "reset-password": {
      const result = await resetStaffPassword(database, email, password);
      if (result && typeof result === "object" && "ok" in result && !result.ok) return fail(String(result.error));
      await recordAudit(database.db, { actor: staff.email, action: "staff.reset-password", subject: email });
      return data<Result>({ ok: true, message: `Password of ${email} changed. Their open sessions were ended.` });
    }
    case "remove": {
      if (email === staff.email) return fail("You cannot remove your own account.");
      const result = await removeStaff(database.db, email);
      if (result && typeof result === "object" && "ok" in result && !result.ok) return fail(String(result.error));
      await recordAudit(database.db, { actor: staff.email, action: "staff.remove", subject: email });
      return data<Result>({ ok: true, message: `${email} removed.` });
    }
    default:
      return fail("Unknown action.");
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

export default function StaffAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-8">
      <h1 className="page-title">Staff accounts</h1>
      {actionData?.ok ? <FormMessage tone="success">{actionData.message}</FormMessage> : null}
      {actionData && !actionData.ok ? <FormMessage tone="error">Error: {actionData.error}</FormMessage> : null}
      <Form method="post" className="desk-form" aria-labelledby="new-account">
        <h2 id="new-account" className="text-xl font-bold">
          New account
        </h2>
        <input type="hidden" name="intent" value="create" />
        <label>
          E-mail
          <input type="email" name="email" autoComplete="off" />
        </label>
        <label>
          Name
          <input name="name" autoComplete="off" />
        </label>
        <label htmlFor="new-role">Role</label>
        <RoleSelect id="new-role" />
        <label>
          Password (at least 15 characters; a phrase of a few words works well)
          <input type="password" name="password" autoComplete="new-password" />
        </label>
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Create account"}
          </button>
        </p>
      </Form>
      <section aria-labelledby="accounts">
        <h2 id="accounts" className="mb-3 text-xl font-bold">
          Accounts ({loaderData.accounts.length})
        </h2>
        <ul className="space-y-4">
          {loaderData.accounts.map((account) => (
            <li key={account.email} className="desk-form">
              <p>
                <strong>{account.email}</strong> · {account.role || "no role"}
                {account.email === loaderData.me ? " (you)" : ""}
              </p>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="email" value={account.email} />
                <label htmlFor={`role-${account.email}`}>Role of {account.email}</label>
                <RoleSelect id={`role-${account.email}`} defaultValue={account.role} />
                <button type="submit" className="btn-secondary">
                  Change role
                </button>
              </Form>
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="reset-password" />
                <input type="hidden" name="email" value={account.email} />
                <label>
                  New password for {account.email}
                  <input type="password" name="password" autoComplete="new-password" />
                </label>
                <button type="submit" className="btn-secondary">
                  Set password
                </button>
              </Form>
              {account.email !== loaderData.me ? (
                <details>
                  <summary className="cursor-pointer">Remove {account.email}…</summary>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="email" value={account.email} />
                    <button type="submit" className="btn-secondary">
                      Yes, remove {account.email}
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
