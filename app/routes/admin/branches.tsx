import { Form, useNavigation } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { Field } from "~/components/forms";
import { databaseContext } from "~/platform/context.server";
import { branchFormValues, weekDays } from "~/site/branches";
import { type BranchResult, saveBranchForm } from "~/site/branches-editing.server";
import { getBranches } from "~/site/content.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/branches";

export const meta = () => deskMeta("Branches");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const branches = await getBranches(context.get(databaseContext).db);
  return {
    branches: branches.map((branch) => ({
      key: branch.key,
      name: branch.name,
      established: branch.established,
      values: branchFormValues(branch),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return saveBranchForm(context.get(databaseContext).db, request, staff);
}

const textFields = [
  ["street", "Street address (leave empty while it is not known)", 200, "text"],
  ["locality", "City or area", 80, "text"],
  ["region", "State", 80, "text"],
  ["postalCode", "PIN code", 6, "text"],
  ["phone", "Phone", 20, "tel"],
  ["mapUrl", "Map link (from the map's Share button)", 500, "url"],
] as const;

export default function AdminBranches({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result = actionData as BranchResult | undefined;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">Branches</h1>
        <p className="text-slate-700">
          What every page's footer and the{" "}
          <a href="/contact" target="_blank" rel="noreferrer">
            contact page
          </a>{" "}
          say about each branch. Leave a field empty while it is not known: the site then shows nothing for it, never a
          guess. Changes show at once.
        </p>
      </div>
      {result && result.target === undefined ? (
        <p role="alert" className="desk-result desk-result-error">
          Error: {result.ok ? "" : result.error}
        </p>
      ) : null}
      {loaderData.branches.map((branch) => {
        const mine = result?.target === branch.key ? result : undefined;
        const failed = mine && !mine.ok ? mine : undefined;
        const values = failed?.values ?? branch.values;
        const errors = failed?.fieldErrors ?? {};
        const days = new Set(values.days?.split(" ").filter(Boolean));
        const sending = navigation.state === "submitting" && navigation.formData?.get("branch") === branch.key;
        return (
          <Form
            key={`${branch.key}-${mine?.ok ? "saved" : "form"}`}
            method="post"
            className="desk-form"
            aria-labelledby={`branch-${branch.key}-title`}
          >
            <h2 id={`branch-${branch.key}-title`} className="text-xl font-bold">
              {branch.name} branch <span className="text-base font-normal">(since {branch.established})</span>
            </h2>
            <input type="hidden" name="branch" value={branch.key} />
            {textFields.map(([name, label, max, type]) => (
              <Field key={name} label={label} name={name} error={errors[name]}>
                {(props) => <input {...props} type={type} defaultValue={values[name] ?? ""} maxLength={max} />}
              </Field>
            ))}
            <fieldset
              className="grid gap-2"
              aria-describedby={errors.days ? `branch-${branch.key}-days-error` : undefined}
            >
              <legend className="font-semibold">
                Open on (leave every day unticked while the hours are not known)
              </legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {weekDays.map((day) => (
                  <label key={day.code} className="checkbox-row font-normal">
                    <input type="checkbox" name="days" value={day.code} defaultChecked={days.has(day.code)} />{" "}
                    {day.name}
                  </label>
                ))}
              </div>
              {errors.days ? (
                <p id={`branch-${branch.key}-days-error`} className="field-error">
                  {errors.days}
                </p>
              ) : null}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="Opens at" name="opens" error={errors.opens}>
                {(props) => <input {...props} type="time" defaultValue={values.opens ?? ""} />}
              </Field>
              <Field label="Closes at" name="closes" error={errors.closes}>
                {(props) => <input {...props} type="time" defaultValue={values.closes ?? ""} />}
              </Field>
            </div>
            <p className="desk-form-actions">
              <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                {sending ? "Loading..." : `Save the ${branch.name} branch`}
              </button>
              {mine ? (
                <span
                  role={mine.ok ? "status" : "alert"}
                  className={`desk-result desk-result-${mine.ok ? "ok" : "error"}`}
                >
                  {mine.ok ? mine.message : `Error: ${mine.error}`}
                </span>
              ) : null}
            </p>
          </Form>
        );
      })}
    </div>
  );
}
