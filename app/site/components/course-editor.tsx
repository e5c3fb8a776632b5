import { Form, useNavigation } from "react-router";
import { FormMessage } from "~/components/forms";
import type { Picture } from "~/site/content/types";
import { BatchEditor, type BatchInform, type BatchValues, type DeskBatch } from "./batch-editor";
import { ImageInput } from "./image-input";

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
  /** Changes whenever the stored content changes. */
  version: string;
  startDate: string;
  edited: boolean;
  batches: { upcoming: DeskBatch[]; past: DeskBatch[] };
}

export interface CourseEditorResult {
  /** The form the answer belongs to ("start-date", "content", "restore"); none: the page. */
  form?: string;
  ok: boolean;
  message?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The batch form the answer belongs to (a batch's id or "new"), and what was typed there. */
  batch?: number | "new";
  values?: BatchValues;
  /** The enrolled students to tell of a batch's new first day. */
  inform?: BatchInform;
}

/** The answer to one form, beside its button, where the eyes are after clicking. */
function Result({ result }: { result?: CourseEditorResult }) {
  if (!result) return null;
  return (
    <span role={result.ok ? "status" : "alert"} className={`desk-result desk-result-${result.ok ? "ok" : "error"}`}>
      {result.ok ? result.message : `Error: ${result.error}`}
    </span>
  );
}

/** Batches, start date note and content of one course, as staff update them. */
export function CourseEditor({ data, result }: { data: CourseEditorData; result?: CourseEditorResult }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const sending = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const { course } = data;
  const answer = (form: string) => (result?.form === form ? result : undefined);
  const contentErrors = answer("content")?.fieldErrors;
  const fieldError = (name: string) =>
    contentErrors?.[name] ? (
      <span id={`${name}-error`} className="field-error">
        {contentErrors[name]}
      </span>
    ) : null;
  const invalid = (name: string) =>
    contentErrors?.[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  return (
    <div className="space-y-8">
      <div>
        <h1 className="page-title">Update course: {course.title}</h1>
        <p className="text-slate-700">
          Changes show on the{" "}
          <a href={`/courses/${course.id}`} target="_blank" rel="noreferrer">
            public course page
          </a>{" "}
          and the admissions page at once.
        </p>
      </div>
      {result && !result.form && !result.ok ? <FormMessage tone="error">Error: {result.error}</FormMessage> : null}

      <BatchEditor
        courseTitle={course.title}
        upcoming={data.batches.upcoming}
        past={data.batches.past}
        answer={result?.form === "batch" ? result : undefined}
      />

      <Form method="post" className="desk-form" aria-labelledby="start-date-title" key={`start-${data.startDate}`}>
        <h2 id="start-date-title" className="text-xl font-bold">
          Start date note
        </h2>
        <p className="desk-hint">
          Shown as the next batch only while the course has no upcoming batch above, e.g. "Mid-February 2027".
        </p>
        <input type="hidden" name="intent" value="start-date" />
        <div className="desk-field">
          <label htmlFor="start-date">Start date</label>
          <span className="desk-hint" id="start-date-hint">
            Free text. Leave it empty to show "Starting soon" when there is no batch.
          </span>
          <input
            id="start-date"
            name="startDate"
            defaultValue={data.startDate}
            maxLength={100}
            aria-describedby="start-date-hint"
          />
        </div>
        <p className="desk-form-actions">
          <button type="submit" className="btn-primary" disabled={busy}>
            {sending("start-date") ? "Loading..." : "Save start date"}
          </button>
          <Result result={answer("start-date")} />
        </p>
      </Form>

      <Form
        method="post"
        encType="multipart/form-data"
        className="desk-form"
        aria-labelledby="content-title"
        key={`content-${data.version}`}
      >
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
          <textarea name="summary" rows={3} defaultValue={course.summary} maxLength={300} {...invalid("summary")} />
          {fieldError("summary")}
        </label>
        <label>
          Description (top of the course page)
          <textarea
            name="description"
            rows={6}
            defaultValue={course.description}
            maxLength={2000}
            {...invalid("description")}
          />
          {fieldError("description")}
        </label>
        <label>
          Duration
          <input name="duration" defaultValue={course.duration} maxLength={60} {...invalid("duration")} />
          {fieldError("duration")}
        </label>
        <div>
          <p className="font-semibold">Current image</p>
          <img
            src={course.image.src}
            width={320}
            height={200}
            alt={course.image.alt}
            className="h-auto max-w-full rounded"
          />
        </div>
        <ImageInput
          name="image"
          label="New image (JPEG, PNG, WebP or AVIF, at most 5 MB; optional)"
          error={contentErrors?.image}
          errorId="image-error"
        />
        <div className="desk-field">
          <label htmlFor="syllabus">Syllabus</label>
          <span className="desk-hint" id="syllabus-hint">
            A section title on its own line, then its topics, each starting with "- ". An empty line between sections.
          </span>
          <textarea
            id="syllabus"
            name="syllabus"
            rows={18}
            defaultValue={course.syllabusText}
            className="font-mono text-sm"
            aria-describedby={contentErrors?.syllabus ? "syllabus-hint syllabus-error" : "syllabus-hint"}
            aria-invalid={contentErrors?.syllabus ? true : undefined}
          />
          {fieldError("syllabus")}
        </div>
        <p className="desk-form-actions">
          <button type="submit" className="btn-primary" disabled={busy}>
            {sending("content") ? "Loading..." : "Save course"}
          </button>
          <Result result={answer("content")} />
        </p>
      </Form>

      {data.edited ? (
        <Form method="post" className="desk-form">
          <input type="hidden" name="intent" value="restore" />
          <p>This course has been edited. You can bring back the original text, image and syllabus.</p>
          <p>
            <button type="submit" className="btn-secondary" disabled={busy}>
              {sending("restore") ? "Loading..." : "Restore the original content"}
            </button>
          </p>
        </Form>
      ) : answer("restore") ? (
        <p className="desk-form">
          <Result result={answer("restore")} />
        </p>
      ) : null}
    </div>
  );
}
