// The import page: upload a list, say what each column is and where the list came from, see what
// would happen (nothing is stored yet), import it with a progress bar, and undo a recent import.
// Works without JavaScript: the preview is a GET form, the import and the undo are POSTs.
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage } from "~/components/forms";
import { indiaDateTime } from "~/platform/india-time";
import { indianNumber } from "~/platform/indian-numbers";
import { courseByValue } from "~/site/course-catalog";
import type { loadImportPage } from "./import-desk.server";

type ImportPageData = Awaited<ReturnType<typeof loadImportPage>>;

const outcomeLabels: Record<string, string> = {
  new: "New student",
  joins: "Joins a student on the desk",
  repeat: "Repeats an earlier row (joined)",
  refused: "Refused",
};

function plural(n: number, one: string, many: string) {
  return `${indianNumber(n)} ${n === 1 ? one : many}`;
}

/** While an import runs (with JavaScript): how many rows are done, asked every moment. */
function useImportProgress(uploadId: number | undefined, running: boolean): number | null {
  const [done, setDone] = useState<number | null>(null);
  useEffect(() => {
    if (!running || !uploadId) {
      setDone(null);
      return;
    }
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await fetch(`/admin/students/import/${uploadId}/progress`, { cache: "no-store" });
        const body = (await answer.json()) as { done: number | null };
        if (!stopped && body.done !== null) setDone(body.done);
      } catch {}
    };
    const timer = setInterval(ask, 700);
    void ask();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [uploadId, running]);
  return done;
}

export function ImportLeadsPage({ page, problem }: { page: ImportPageData; problem?: { ok: false; message: string } }) {
  const navigation = useNavigation();
  const importing = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const uploadId = page.step === "preview" ? page.upload.id : undefined;
  const done = useImportProgress(uploadId, importing);
  return (
    <section aria-labelledby="import-title" className="intake">
      <p className="desk-back">
        <Link to="/admin/students">← Students</Link>
      </p>
      <h1 id="import-title" className="page-title">
        Import a list of leads
      </h1>
      {problem ? <FormMessage tone="error">{problem.message}</FormMessage> : null}
      {page.step === "upload" && page.imported ? (
        <FormMessage tone="success">
          Imported {page.imported.fileName}:{" "}
          {plural(page.imported.counts.newStudents ?? 0, "new student", "new students")},{" "}
          {plural((page.imported.counts.joining ?? 0) + (page.imported.counts.repeated ?? 0), "row", "rows")} joined
          students already on the desk or earlier rows, {plural(page.imported.counts.refused ?? 0, "row", "rows")}{" "}
          refused. <Link to="/admin/students">See the students</Link>
        </FormMessage>
      ) : null}
      {page.step === "upload" && page.undone ? (
        <FormMessage tone="success">
          The import of {page.undone.fileName} was undone: the students it added and its entries on other records are
          gone.
        </FormMessage>
      ) : null}
      {page.step === "upload" && page.gone ? (
        <FormMessage tone="error">
          That upload is no longer held (imported, or given up after a day): upload the file again.
        </FormMessage>
      ) : null}

      {page.step === "upload" ? (
        <Form method="post" encType="multipart/form-data" className="intake-form">
          <input type="hidden" name="intent" value="upload" />
          <div className="field">
            <label htmlFor="lead-file" className="field-label">
              The list: an Excel workbook (.xlsx, as Excel or Google Sheets saves it) or a CSV file
            </label>
            <p className="field-hint" id="lead-file-hint">
              At most {page.maxMegabytes} MB or 20,000 rows, with a header row. Nothing is stored until you have seen
              the preview and chosen Import.
            </p>
            <input
              id="lead-file"
              type="file"
              name="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-describedby="lead-file-hint"
              required
            />
          </div>
          <p>
            <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Reading the file…" : "Upload and preview"}
            </button>
          </p>
        </Form>
      ) : (
        <Form method="get" className="intake-form" aria-describedby="import-counts">
          <input type="hidden" name="upload" value={page.upload.id} />
          <h2 className="desk-subtitle">{page.upload.fileName}</h2>
          <fieldset className="intake-group">
            <legend>What each column is</legend>
            <div className="import-columns">
              {page.headers.map((header, index) => (
                <div className="field" key={`${index}-${header}`}>
                  <label htmlFor={`col-${index}`} className="field-label">
                    {header || `Column ${index + 1}`}
                  </label>
                  <select id={`col-${index}`} name="col" defaultValue={page.choices.columns[index]}>
                    {page.fields.map((field) => (
                      <option key={field.value} value={field.value}>
                        {field.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="intake-group">
            <legend>Where the list came from, and who gets its new students</legend>
            <div className="field">
              <label htmlFor="import-source" className="field-label">
                The list's source (for the whole file)
              </label>
              <input
                id="import-source"
                name="source"
                type="text"
                defaultValue={page.choices.source}
                placeholder="e.g. Shiksha, or Fair at RVCE, 12 Jan"
                required
              />
            </div>
            <div className="field">
              <label htmlFor="import-how" className="field-label">
                Kind of source
              </label>
              <select id="import-how" name="how" defaultValue={page.choices.how}>
                {page.sources.map((source) => (
                  <option key={source.value} value={source.value}>
                    {source.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="import-assign" className="field-label">
                New students go to
              </label>
              <select id="import-assign" name="assign" defaultValue={page.choices.assign}>
                <option value="pools">Each course's pool in turn (away skipped)</option>
                <option value="unassigned">Nobody yet (Unassigned)</option>
                {page.owners.map((owner) => (
                  <option key={owner.id} value={`owner:${owner.id}`}>
                    All to {owner.name}
                  </option>
                ))}
              </select>
            </div>
            <p className="field-hint">Students already on the desk keep their owner.</p>
          </fieldset>
          <h2 className="desk-subtitle" id="import-counts">
            Preview: nothing is stored yet
          </h2>
          <ul className="import-counts" aria-live="polite">
            <li>
              <strong>{plural(page.preview.newStudents, "new student", "new students")}</strong>
            </li>
            <li>{plural(page.preview.joining, "row joins a student", "rows join students")} already on the desk</li>
            <li>
              {plural(page.preview.repeated, "row repeats", "rows repeat")} an earlier row of the file (joined into one)
            </li>
            <li>
              {plural(page.preview.refused, "row refused", "rows refused")}
              {page.preview.refused > 0 ? (
                <>
                  {" "}
                  · <a href={page.refusedHref}>Download the refused rows (CSV)</a>
                </>
              ) : null}
            </li>
          </ul>
          {page.preview.refusedRows.length > 0 ? (
            <details className="import-refused">
              <summary>Refused rows and why</summary>
              <ul>
                {page.preview.refusedRows.map((row) => (
                  <li key={row.number}>
                    Row {row.number}: {row.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <div className="desk-table-wrap">
            <table className="desk-table">
              <caption>The first rows as they would be stored</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">What happens</th>
                  <th scope="col">Name</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Courses</th>
                  <th scope="col">District</th>
                </tr>
              </thead>
              <tbody>
                {page.preview.sample.map((row) => (
                  <tr key={row.number}>
                    <td>{row.number}</td>
                    <td>{row.outcome === "refused" ? `Refused: ${row.reason}` : outcomeLabels[row.outcome]}</td>
                    {row.outcome === "refused" ? (
                      <td colSpan={5} />
                    ) : (
                      <>
                        <td>{row.name}</td>
                        <td>{row.mobile}</td>
                        <td>{row.email}</td>
                        <td>{row.courses.map((course) => courseByValue(course)?.label ?? course).join(", ")}</td>
                        <td>{row.district}</td>
                      </>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="import-actions">
            <button type="submit" className="btn-secondary">
              Update the preview
            </button>{" "}
            <button
              type="submit"
              className="btn-primary"
              formMethod="post"
              name="intent"
              value="import"
              disabled={navigation.state === "submitting"}
            >
              {importing ? "Importing…" : `Import ${plural(page.preview.rows - page.preview.refused, "row", "rows")}`}
            </button>
          </p>
          {importing ? (
            <p className="import-progress">
              <label htmlFor="import-progress">Importing: </label>
              <progress id="import-progress" max={page.preview.rows} value={done ?? undefined}>
                {done ?? 0} of {page.preview.rows}
              </progress>{" "}
              {done !== null ? `${indianNumber(done)} of ${indianNumber(page.preview.rows)} rows` : ""}
            </p>
          ) : null}
        </Form>
      )}

      <h2 className="desk-subtitle">Recent imports</h2>
      {page.recent.length === 0 ? (
        <p className="desk-empty">No list has been imported yet.</p>
      ) : (
        <div className="desk-table-wrap">
          <table className="desk-table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Source</th>
                <th scope="col">Imported</th>
                <th scope="col">New · joined · refused</th>
                <th scope="col">
                  <span className="sr-only">Undo</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.recent.map((row) => (
                <tr key={row.id}>
                  <td>{row.fileName}</td>
                  <td>{row.source}</td>
                  <td>
                    {row.importedAt ? indiaDateTime.format(new Date(row.importedAt)) : ""} by {row.by}
                  </td>
                  <td>
                    {row.counts.newStudents ?? 0} · {(row.counts.joining ?? 0) + (row.counts.repeated ?? 0)} ·{" "}
                    {row.counts.refused ?? 0}
                  </td>
                  <td>
                    {row.status === "undone" ? (
                      `Undone by ${row.undoneBy}`
                    ) : row.undoable ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="undo" />
                        <input type="hidden" name="id" value={row.id} />
                        <button type="submit" className="btn-secondary">
                          Undo this import
                        </button>
                      </Form>
                    ) : (
                      ""
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
