import { Form, useNavigation } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { ActionMessage } from "~/components/forms";
import { databaseContext, uploadsDirContext } from "~/platform/context.server";
import { ImageInput } from "~/site/components/image-input";
import { listPlacedStudents } from "~/site/placed-students.server";
import { type PlacementResult, savePlacement } from "~/site/placements-editing.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/placements";

export const meta = () => deskMeta("Placed students");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const students = await listPlacedStudents(context.get(databaseContext).db);
  return {
    students: students.map(({ id, name, company, package: pkg, jobRole, photo }) => ({
      id,
      name,
      company,
      package: pkg,
      jobRole,
      photo,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return savePlacement(context.get(databaseContext).db, context.get(uploadsDirContext), request, staff);
}

type Values = Partial<Record<"name" | "company" | "package" | "jobRole", string>>;

const fields = [
  ["name", "Name"],
  ["company", "Company"],
  ["package", "Package (e.g. 4.5 LPA)"],
  ["jobRole", "Job role"],
] as const;

function StudentFields({
  values,
  errors,
  idPrefix,
}: {
  values: Values;
  errors?: Record<string, string>;
  idPrefix: string;
}) {
  return (
    <>
      {fields.map(([name, label]) => (
        <label key={name}>
          {label}
          <input
            name={name}
            defaultValue={values[name] ?? ""}
            maxLength={name === "package" ? 40 : 100}
            aria-invalid={errors?.[name] ? true : undefined}
            aria-describedby={errors?.[name] ? `${idPrefix}-${name}-error` : undefined}
          />
          {errors?.[name] ? (
            <span id={`${idPrefix}-${name}-error`} className="field-error">
              {errors[name]}
            </span>
          ) : null}
        </label>
      ))}
      <ImageInput
        name="photo"
        label="Photo (JPEG, PNG, WebP or AVIF, at most 5 MB; cropped square)"
        error={errors?.photo}
        errorId={`${idPrefix}-photo-error`}
      />
    </>
  );
}

/** The answer to one form, shown beside its button (where the eyes are after clicking). */
function Result({ result }: { result?: PlacementResult }) {
  if (!result) return null;
  return (
    <span role={result.ok ? "status" : "alert"} className={`desk-result desk-result-${result.ok ? "ok" : "error"}`}>
      {result.ok ? result.message : `Error: ${result.error}`}
    </span>
  );
}

export default function Placements({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = (intent: string, id?: number) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData?.get("id") === String(id));
  const result = actionData as PlacementResult | undefined;
  const forAdd = result?.target === "add" ? result : undefined;
  const failedAdd = forAdd && !forAdd.ok ? forAdd : undefined;
  const general = result && result.target === undefined ? result : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">placements Update</h1>
        <p className="text-slate-700">
          Placed students shown on{" "}
          <a href="/our-placements" target="_blank" rel="noreferrer">
            Our placements
          </a>
          . Changes show there at once.
        </p>
      </div>
      <ActionMessage result={general} />

      <Form
        method="post"
        encType="multipart/form-data"
        className="desk-form"
        aria-labelledby="add-title"
        // A new form after each added student, so the fields are empty for the next one.
        key={forAdd?.ok ? `added-${loaderData.students.length}` : "add"}
      >
        <h2 id="add-title" className="text-xl font-bold">
          Add a placed student
        </h2>
        <input type="hidden" name="intent" value="add" />
        <StudentFields values={failedAdd?.values ?? {}} errors={failedAdd?.fieldErrors} idPrefix="add" />
        <p className="desk-form-actions">
          <button type="submit" className="btn-primary" disabled={busy}>
            {sending("add") ? "Loading..." : "Add student"}
          </button>
          <Result result={forAdd} />
        </p>
      </Form>

      <section aria-labelledby="listed-title">
        <h2 id="listed-title" className="mb-3 text-xl font-bold">
          On the placements page ({loaderData.students.length})
        </h2>
        {loaderData.students.length === 0 ? (
          <p className="desk-empty">No placed students yet. Add the first one above.</p>
        ) : (
          <ul className="desk-cards">
            {loaderData.students.map((student) => {
              const mine = result?.target === student.id ? result : undefined;
              const failed = mine && !mine.ok ? mine : undefined;
              return (
                <li key={student.id} className="desk-form content-start">
                  <div className="flex items-center gap-3">
                    {student.photo ? (
                      <img
                        src={`/uploads/${student.photo}-160.webp`}
                        width={64}
                        height={64}
                        alt=""
                        className="rounded-full"
                      />
                    ) : (
                      <span className="desk-no-photo" aria-hidden="true" />
                    )}
                    <div className="min-w-0">
                      <strong className="block">{student.name}</strong>
                      <span className="block text-sm text-slate-700">
                        {student.jobRole}, {student.company}
                      </span>
                      <span className="block text-sm text-slate-700">{student.package}</span>
                    </div>
                  </div>
                  <Result result={mine?.ok ? mine : undefined} />
                  <details open={failed ? true : undefined}>
                    <summary className="cursor-pointer">Edit {student.name}</summary>
                    <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={student.id} />
                      <StudentFields
                        values={failed?.values ?? student}
                        errors={failed?.fieldErrors}
                        idPrefix={`s${student.id}`}
                      />
                      <p className="desk-form-actions">
                        <button type="submit" className="btn-primary" disabled={busy}>
                          {sending("update", student.id) ? "Loading..." : "Save changes"}
                        </button>
                        <Result result={failed} />
                      </p>
                    </Form>
                  </details>
                  <details>
                    <summary className="cursor-pointer">Remove {student.name}…</summary>
                    <Form method="post" className="mt-2">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="id" value={student.id} />
                      <button type="submit" className="btn-secondary" disabled={busy}>
                        Yes, remove {student.name} from the placements page
                      </button>
                    </Form>
                  </details>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
