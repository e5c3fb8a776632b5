// A batch's roster on the course's desk (loaded by batch-roster.server.ts): who is enrolled in it,
// with mobile, e-mail and owner, and the same as a CSV file for the trainer's attendance sheet.
import { Link } from "react-router";

export interface BatchRosterData {
  course: string;
  batch: { id: number; line: string; seats: string; when: "upcoming" | "running" | "ended"; lastDay: string };
  students: { id: number; name: string; mobile: string; email: string; ownerName: string | null; href: string }[];
  back: string;
  csv: string;
}

const whenWords = { upcoming: "Not started yet", running: "Running", ended: "Ended" } as const;

export function BatchRoster({ page }: { page: BatchRosterData }) {
  const count = page.students.length;
  return (
    <section aria-labelledby="roster-title" className="space-y-4">
      <p className="record-back">
        <Link to={page.back}>Back to the course's batches</Link>
      </p>
      <h1 id="roster-title" className="page-title mb-0">
        Roster: {page.batch.line}
      </h1>
      <p>
        {whenWords[page.batch.when]} (last day {page.batch.lastDay}) · {page.batch.seats} ·{" "}
        {count === 1 ? "1 student enrolled" : `${count} students enrolled`}
      </p>
      <p>
        <a href={page.csv} className="btn-secondary" download>
          Download the roster (CSV)
        </a>{" "}
        <span className="desk-hint">For the trainer's attendance sheet: name, mobile, e-mail and owner.</span>
      </p>
      {count === 0 ? (
        <p>
          Nobody is enrolled in this batch yet. A student joins it when their record's stage is set to Enrolled with
          this batch.
        </p>
      ) : (
        <div className="desk-table-wrap">
          <table className="desk-table" aria-labelledby="roster-title">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Mobile</th>
                <th scope="col">E-mail</th>
                <th scope="col">Owner</th>
              </tr>
            </thead>
            <tbody>
              {page.students.map((student) => (
                <tr key={student.id} data-testid="roster-row">
                  <th scope="row" data-label="Name">
                    <Link to={student.href}>{student.name}</Link>
                  </th>
                  <td data-label="Mobile">
                    <a href={`tel:${student.mobile}`}>{student.mobile}</a>
                  </td>
                  <td data-label="E-mail">{student.email}</td>
                  <td data-label="Owner">{student.ownerName ?? "Unassigned"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
