import { Form, useNavigation } from "react-router";
import { deskMeta } from "~/components/desk/desk-meta";
import { Field } from "~/components/forms";
import { databaseContext, uploadsDirContext } from "~/platform/context.server";
import { maxUploadMegabytes } from "~/platform/upload-limits";
import { defaultBranches } from "~/site/branches";
import { ImageInput } from "~/site/components/image-input";
import { type PhotoPlace, type PhotoView, photoPlaces } from "~/site/photo-places";
import { photosOf } from "~/site/photos.server";
import { type PhotoResult, savePhoto } from "~/site/photos-editing.server";
import { requireStaff } from "~/staff/permissions.server";
import type { Route } from "./+types/photos";

export const meta = () => deskMeta("Photos");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context, ["admin"]);
  const { db } = context.get(databaseContext);
  const photos = await Promise.all(photoPlaces.map((place) => photosOf(db, place.id)));
  return { places: photoPlaces.map((place, index) => ({ place, photos: photos[index] ?? [] })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, ["admin"]);
  return savePhoto(context.get(databaseContext).db, context.get(uploadsDirContext), request, staff);
}

type Values = Partial<Record<"alt" | "caption" | "eventDate" | "branch", string>>;

function PhotoFields({
  place,
  values,
  errors = {},
  adding,
}: {
  place: PhotoPlace;
  values: Values;
  errors?: Record<string, string>;
  adding: boolean;
}) {
  return (
    <>
      <ImageInput
        name="photo"
        label={`${adding ? "Photo" : "New photo (optional)"}: JPEG, PNG, WebP or AVIF, at most ${maxUploadMegabytes} MB; cropped to ${place.width} x ${place.height}`}
        error={errors.photo}
        errorId={`${place.id}-${adding ? "add" : "edit"}-photo-error`}
      />
      <Field label="Alt text (what the photo shows, for people who cannot see it)" name="alt" error={errors.alt}>
        {(props) => <input {...props} required defaultValue={values.alt ?? ""} maxLength={200} />}
      </Field>
      {place.gallery ? (
        <>
          <Field label="Caption" name="caption" error={errors.caption}>
            {(props) => <textarea {...props} required rows={2} defaultValue={values.caption ?? ""} maxLength={200} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Date of the event (optional)" name="eventDate" error={errors.eventDate}>
              {(props) => <input {...props} type="date" defaultValue={values.eventDate ?? ""} />}
            </Field>
            <Field label="Branch (optional)" name="branch" error={errors.branch}>
              {(props) => (
                <select {...props} defaultValue={values.branch ?? ""}>
                  <option value="">No branch</option>
                  {defaultBranches.map((branch) => (
                    <option key={branch.key} value={branch.key}>
                      {branch.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </>
      ) : null}
    </>
  );
}

function Result({ result }: { result?: PhotoResult }) {
  if (!result) return null;
  return (
    <span role={result.ok ? "status" : "alert"} className={`desk-result desk-result-${result.ok ? "ok" : "error"}`}>
      {result.ok ? result.message : `Error: ${result.error}`}
    </span>
  );
}

function valuesOf(photo: PhotoView): Values {
  return { alt: photo.alt, caption: photo.caption, eventDate: photo.eventDate ?? "", branch: photo.branch ?? "" };
}

export default function AdminPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = (intent: string, key: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData?.get("id") === key || navigation.formData?.get("place") === key);
  const result = actionData as PhotoResult | undefined;
  const general = result && result.target === undefined ? result : undefined;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">Photos</h1>
        <p className="text-slate-700">
          The photos of the home page's slideshow, the founder's page, the facilities and the events galleries. Each
          upload is cropped to its place's shape and stored in small modern formats; alt text is required. Changes show
          on the page at once.
        </p>
        <nav aria-label="Places" className="mt-3">
          <ul className="flex flex-wrap gap-2">
            {loaderData.places.map(({ place }) => (
              <li key={place.id}>
                <a href={`#${place.id}`}>{place.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {general ? <Result result={general} /> : null}

      {loaderData.places.map(({ place, photos }) => {
        const addTarget = `add-${place.id}`;
        const forAdd = result?.target === addTarget ? result : undefined;
        const failedAdd = forAdd && !forAdd.ok ? forAdd : undefined;
        return (
          <section key={place.id} id={place.id} aria-labelledby={`${place.id}-title`} className="space-y-4">
            <h2 id={`${place.id}-title`} className="text-xl font-bold">
              {place.label}{" "}
              <a className="text-base font-normal" href={`${place.page}`} target="_blank" rel="noreferrer">
                (see the page)
              </a>
            </h2>
            <ul className="desk-cards">
              {photos.map((photo, index) => {
                const mine = result?.target === photo.id ? result : undefined;
                const failed = mine && !mine.ok ? mine : undefined;
                const name = place.gallery
                  ? photo.caption
                  : `${place.label}${photos.length > 1 ? ` ${index + 1}` : ""}`;
                return (
                  <li key={photo.id} className="desk-form content-start">
                    <img
                      src={photo.src}
                      width={photo.width}
                      height={photo.height}
                      alt={photo.alt}
                      loading="lazy"
                      className="desk-photo"
                    />
                    <Result result={mine?.ok ? mine : undefined} />
                    <Form
                      method="post"
                      encType="multipart/form-data"
                      className="grid gap-3"
                      aria-label={`Edit ${name}`}
                      key={`${photo.id}-${photo.src}-${photo.alt}-${photo.caption}-${photo.eventDate}-${photo.branch}`}
                    >
                      <input type="hidden" name="intent" value="update" />
                      <input type="hidden" name="id" value={photo.id} />
                      <PhotoFields
                        place={place}
                        values={failed?.values ?? valuesOf(photo)}
                        errors={failed?.fieldErrors}
                        adding={false}
                      />
                      <p className="desk-form-actions">
                        <button type="submit" className="btn-primary" disabled={busy}>
                          {sending("update", String(photo.id)) ? "Loading..." : "Save"}
                        </button>
                        <Result result={failed} />
                      </p>
                    </Form>
                    {place.gallery ? (
                      <details>
                        <summary className="cursor-pointer">Remove this photo…</summary>
                        <Form method="post" className="mt-2">
                          <input type="hidden" name="intent" value="remove" />
                          <input type="hidden" name="id" value={photo.id} />
                          <input type="hidden" name="place" value={place.id} />
                          <button type="submit" className="btn-secondary" disabled={busy}>
                            Yes, remove it from the events page
                          </button>
                        </Form>
                      </details>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            {place.gallery ? (
              <Form
                method="post"
                encType="multipart/form-data"
                className="desk-form"
                aria-labelledby={`${place.id}-add-title`}
                key={forAdd?.ok ? `added-${photos.length}` : "add"}
              >
                <h3 id={`${place.id}-add-title`} className="text-lg font-bold">
                  Add a photo to {place.label}
                </h3>
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="place" value={place.id} />
                <PhotoFields place={place} values={failedAdd?.values ?? {}} errors={failedAdd?.fieldErrors} adding />
                <p className="desk-form-actions">
                  <button type="submit" className="btn-primary" disabled={busy}>
                    {sending("add", place.id) ? "Loading..." : "Add photo"}
                  </button>
                  <Result result={forAdd} />
                </p>
              </Form>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
