// On a record's page: how the student came by other doors than the forms (added on the desk, rows
// of imported lists), each with its source, its consent and, for a list, the row as uploaded.
import { IndiaTime } from "~/components/desk/india-time";
import { courseByValue } from "~/site/course-catalog";
import { intakeSourceLabels } from "./intake-labels";
import { type ConsentWay, consentWayLabels, type IntakeSource } from "./intake-sources";

export interface IntakeView {
  id: number;
  door: string;
  how: string;
  howDetail: string;
  name: string;
  mobile: string;
  email: string;
  courses: string[];
  note: string;
  consent: string;
  consentTo: string;
  rowNumber: number | null;
  row: Record<string, string> | null;
  createdAt: string;
  createdBy: string;
}

export function RecordIntakes({ intakes }: { intakes: IntakeView[] }) {
  if (intakes.length === 0) return null;
  return (
    <section aria-labelledby="intakes-title" className="record-panel">
      <h2 id="intakes-title">Added on the desk or imported ({intakes.length})</h2>
      <ul className="record-submissions">
        {intakes.map((intake) => (
          <li key={intake.id}>
            <strong>
              {intakeSourceLabels[intake.how as IntakeSource] ?? intake.how}
              {intake.howDetail ? `: ${intake.howDetail}` : ""}
            </strong>{" "}
            <IndiaTime iso={intake.createdAt} />
            <br />
            {[
              intake.name,
              intake.mobile,
              intake.email,
              intake.courses.map((course) => courseByValue(course)?.label ?? course).join(", "),
            ]
              .filter(Boolean)
              .join(" · ")}
            <br />
            {intake.door === "import" ? `Row ${intake.rowNumber ?? "?"} of a list imported` : "Added"} by{" "}
            {intake.createdBy || "a staff member"}; consent{" "}
            {consentWayLabels[intake.consent as ConsentWay]?.toLowerCase()}
            {intake.consentTo ? ` to ${intake.consentTo}` : ""}
            {intake.note ? <blockquote className="record-question">{intake.note}</blockquote> : null}
            {intake.row ? (
              <details>
                <summary>The row as uploaded</summary>
                <dl className="intake-row">
                  {Object.entries(intake.row).map(([header, value]) => (
                    <div key={header}>
                      <dt>{header}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
