import { data, Form, useNavigation } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage } from "~/components/forms";
import { databaseContext } from "~/platform/context.server";
import { readFormBody } from "~/platform/form-data.server";
import { headlineFields } from "~/site/headline-numbers";
import { loadHeadlineForm, saveHeadlineForm } from "~/site/headline-numbers.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/numbers";

export const meta = () => deskMeta("Headline numbers");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  return { values: await loadHeadlineForm(context.get(databaseContext).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  const form = await readFormBody(request);
  if (!form) return data({ ok: false as const, error: "Please send the form from the page." }, { status: 415 });
  if (form.get("intent") !== "save") return data({ ok: false as const, error: "Unknown action." }, { status: 400 });
  const result = await saveHeadlineForm(context.get(databaseContext).db, form, staff.email);
  return data(result, { status: result.ok ? 200 : 400 });
}

export default function AdminNumbers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const refused = actionData && !actionData.ok && "values" in actionData ? actionData : undefined;
  const values = refused?.values ?? loaderData.values;
  return (
    <div className="space-y-6">
      <h1 className="page-title">Headline numbers</h1>
      <p className="text-slate-700">
        The home page shows the numbers you give here, each on its own; leave one empty and it is not shown. Give only
        numbers you can stand behind.
      </p>
      <ActionMessage result={actionData} />
      <Form method="post" className="desk-form" key={refused ? "refused" : JSON.stringify(loaderData.values)}>
        <input type="hidden" name="intent" value="save" />
        {headlineFields.map(({ name, label }) => {
          const error = refused?.fieldErrors[name];
          return (
            <div key={name} className="desk-field">
              <label htmlFor={`number-${name}`}>{label}</label>
              <input
                id={`number-${name}`}
                name={name}
                inputMode="numeric"
                defaultValue={values[name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `number-${name}-error` : undefined}
              />
              {error ? (
                <span id={`number-${name}-error`} className="field-error">
                  {error}
                </span>
              ) : null}
            </div>
          );
        })}
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Save numbers"}
          </button>
        </p>
      </Form>
    </div>
  );
}
