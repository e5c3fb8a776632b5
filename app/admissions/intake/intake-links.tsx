// "Add a student" (and, on the admins' list, "Import a list of leads"): on every students list and on My day.
import { Link } from "react-router";

export function IntakeLinks({ base }: { base: string }) {
  return (
    <p className="intake-links">
      <Link className="btn-secondary" to={`${base}/new`}>
        Add a student
      </Link>
      {base === "/admin/students" ? (
        <Link className="desk-link" to="/admin/students/import">
          Import a list of leads
        </Link>
      ) : null}
    </p>
  );
}
