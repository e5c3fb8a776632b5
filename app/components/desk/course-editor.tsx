import { Form, useNavigation } from "react-router";
import type { Picture } from "~/content/types";
import { FormMessage } from "../forms";

export interface CourseEditorData {
  course: {
    id: string;
    title: string;
    summary: string;
    description: string;
    duration: string;
    image: Picture;
    syllabusText: string;
  };
  startDate: string;
  edited: boolean;
}

export interface CourseEditorResult {
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
}

/** Start date and content of one course, as staff update them. */
export function CourseEditor({ data, result }: { data: CourseEditorData; result?: CourseEditorResult }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { course } = data;
  const fieldError = (name: string) =>
    result?.fieldErrors?.[name] ? (
      <span id={`${name}-error`} className="field-error">
        {result.fieldErrors[name]}
      </span>
    ) : null;
  const invalid = (name: string) =>
    result?.fieldErrors?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <div className="space-y-8">
      <h1 className="page-title">Update course: {course.title}</h1>
      {result?.ok ? <FormMessage tone="success">{result.message}</FormMessage> : null}
      {result && !result.ok ? <FormMessage tone="error">Error: {result.error}</FormMessage> : null}

      <Form method="post" className="desk-form" aria-labelledby="start-date-title">
        <h2 id="start-date-title" className="text-xl font-bold">
          Next batch start date
        </h2>
        <input type="hidden" name="intent" value="start-date" />
        <label>
          Start date (free text, e.g. "12 January 2027"; leave empty to show "Starting soon")
          <input name="startDate" defaultValue={data.startDate} maxLength={100} />
        </label>
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Save start date"}
          </button>
        </p>
      </Form>

      <Form method="post" encType="multipart/form-data" className="desk-form" aria-labelledby="content-title">
        <h2 id="content-title" className="text-xl font-bold">
          Course content
        </h2>
        <input type="hidden" name="intent" value="content" />
        <label>
          Title
          <input name="title" defaultValue={course.title} maxLength={80} {...invalid("title")} />
          {fieldError("title")}
        </label>
        <label>
          Short description (cards on the home and admissions pages)
          <textarea name="summary" rows={2} defaultValue={course.summary} {...invalid("summary")} />
          {fieldError("summary")}
        </label>
        <label>
          Description (top of the course page)
          <textarea name="description" rows={4} defaultValue={course.description} {...invalid("description")} />
          {fieldError("description")}
        </label>
        <label>
          Duration
          <input name="duration" defaultValue={course.duration} maxLength={60} {...invalid("duration")} />
          {fieldError("duration")}
        </label>
        <div>
          <p className="font-semibold">Current image</p>
          <img src={course.image.src} width={320} height={200} alt={course.image.alt} className="rounded" />
        </div>
        <label>
          New image (JPEG, PNG, WebP or AVIF, at most 5 MB; optional)
          <input type="file" name="image" accept="image/jpeg,image/png,image/webp,image/avif" {...invalid("image")} />
          {fieldError("image")}
        </label>
        <label>
          Syllabus: a section title on its own line, then its topics, each starting with "- "
          <textarea
            name="syllabus"
            rows={18}
            defaultValue={course.syllabusText}
            className="font-mono text-sm"
            {...invalid("syllabus")}
          />
          {fieldError("syllabus")}
        </label>
        <p>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Save course"}
          </button>
        </p>
      </Form>

      {data.edited ? (
        <Form method="post" className="desk-form">
          <input type="hidden" name="intent" value="restore" />
          <p>This course has been edited. You can bring back the original text, image and syllabus.</p>
          <p>
            <button type="submit" className="btn-secondary" disabled={busy}>
              Restore the original content
            </button>
          </p>
        </Form>
      ) : null}
      <p>
        <a href={`/courses/${course.id}`} target="_blank" rel="noreferrer">
          Open the public course page
        </a>
      </p>
    </div>
  );
}
