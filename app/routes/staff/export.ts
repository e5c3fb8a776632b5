import { data } from "react-router";
import { branchLimitOf } from "~/admissions/records/record-scope.server";
import { exportSubmissionTable } from "~/admissions/submissions/submission-desk.server";
import { databaseContext } from "~/platform/context.server";
import { notYourPage, requireStaff, staffRoles, worksOn } from "~/staff/permissions.server";
import { courseValueOfRole, isCoordinatorRole } from "~/staff/staff-desk";
import type { Route } from "./+types/export";

/**
 * CSV of what a staff table shows (same period and search), as a download:
 * /staff/export/enquiries, /staff/export/registrations, /staff/export/registrations/iot.
 * A counsellor may export only the registrations of a course they work on; asking for
 * anything else is refused with 403, as any other page of another role is.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, staffRoles);
  const { table, course } = params;
  if (table !== "enquiries" && table !== "registrations") throw data(null, { status: 404 });
  if (course !== undefined && !isCoordinatorRole(course)) throw data(null, { status: 404 });
  if (staff.role !== "admin" && (table !== "registrations" || course === undefined || !worksOn(staff, course))) {
    throw notYourPage(staff);
  }
  return exportSubmissionTable(
    context.get(databaseContext).db,
    request,
    table === "enquiries" ? "enquiry" : "registration",
    {
      course: course ? courseValueOfRole(course) : undefined,
      // A counsellor limited to branches exports the registrations of students of their branches (or none known yet).
      records: branchLimitOf(staff),
    },
  );
}
