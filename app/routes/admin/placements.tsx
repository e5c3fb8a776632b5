import { Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/forms";
import { databaseContext, uploadsDirContext } from "~/server/context.server";
import { requireStaff } from "~/server/permissions.server";
import { savePlacement } from "~/server/placements-editing.server";
import { listPlacedStudents } from "~/server/repositories/placed-students.server";
import type { Route } from "./+types/placements";

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

function StudentFields({
  values,
  errors,
  idPrefix,
}: {
  values: Values;
  errors?: Record<string, string>;
  idPrefix: string;
}) {
  const fields = [
    ["name", "Name"],
    ["company", "Company"],
    ["package", "Package (e.g. 4.5 LPA)"],
    ["jobRole", "Job role"],
  ] as const;
  return (
    <>
      {fields.map(([name, label]) => (
        <label key={name}>
          {label}
          <input
            name={name}
            defaultValue={values[name] ?? ""}
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
      <label>
        Photo (JPEG, PNG, WebP or AVIF, at most 5 MB)
        <input
          type="file"
          name="photo"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-invalid={errors?.photo ? true : undefined}
          aria-describedby={errors?.photo ? `${idPrefix}-photo-error` : undefined}
        />
        {errors?.photo ? (
          <span id={`${idPrefix}-photo-error`} className="field-error">
            {errors.photo}
          </span>
        ) : null}
      </label>
    </>
  );
}

export default function Placements({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="space-y-8">
      <h1 className="page-title">placements Update</h1>
      {actionData?.ok ? <FormMessage tone="success">{actionData.message}</FormMessage> : null}
      {failed ? <FormMessage tone="error">Error: {failed.error}</FormMessage> : null}

      <Form method="post" encType="multipart/form-data" className="desk-form" aria-labelledby="add-title">
        <h2 id="add-title" className="text-xl font-bold">
          Add a placed student
        </h2>
        <input type="hidden" name="intent" value="add" />
        <StudentFields values={failed?.values ?? {}} errors={failed?.fieldErrors} idPrefix="add" />
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Add student"}
          </button>
        </p>
      </Form>

      <section aria-labelledby="listed-title">
        <h2 id="listed-title" className="mb-3 text-xl font-bold">
          On the placements page ({loaderData.students.length})
        </h2>
        <ul className="space-y-4">
          {loaderData.students.map((student) => (
            <li key={student.id} className="desk-form">
              <div className="flex items-center gap-4">
                {student.photo ? (
                  <img
                    src={`/uploads/${student.photo}-160.webp`}
                    width={64}
                    height={64}
                    alt=""
                    className="rounded-full"
                  />
                ) : null}
                <strong>{student.name}</strong>
              </div>
              <details>
                <summary className="cursor-pointer">Edit {student.name}</summary>
                <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={student.id} />
                  <StudentFields values={student} idPrefix={`s${student.id}`} />
                  <p>
                    <button type="submit" className="btn-primary" disabled={busy}>
                      Save changes
                    </button>
                  </p>
                </Form>
              </details>
              <details>
                <summary className="cursor-pointer">Remove {student.name}…</summary>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={student.id} />
                  <button type="submit" className="btn-secondary">
                    Yes, remove {student.name} from the placements page
                  </button>
                </Form>
              </details>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
