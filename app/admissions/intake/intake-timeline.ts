// How the timeline says a student came in by another door than a web form. Browser-safe.
import { courseByValue } from "~/site/course-catalog";
import { intakeSourceLabels } from "./intake-labels";
import { type ConsentWay, consentWayLabels, type IntakeSource, isIntakeSource } from "./intake-sources";

function sourceOf(detail: Record<string, unknown>): string {
  const how = isIntakeSource(detail.how) ? intakeSourceLabels[detail.how as IntakeSource] : "";
  return [how, typeof detail.howDetail === "string" ? detail.howDetail : ""].filter(Boolean).join(": ");
}

export function intakeTitle(detail: Record<string, unknown>): string {
  if (detail.door === "import") return "Imported from a list";
  return detail.joined
    ? `${sourceOf(detail) || "Visit"} recorded`
    : `Added on the desk (${sourceOf(detail) || "by hand"})`;
}

/** "Imported from shiksha.xlsx, row 4, source Shiksha, by asha@...", or the visit's source, courses, consent and note. */
export function intakeText(detail: Record<string, unknown>, actor: string): string {
  const courses = Array.isArray(detail.courses)
    ? detail.courses.map((course) => courseByValue(String(course))?.label ?? String(course)).join(", ")
    : "";
  if (detail.door === "import") {
    return [
      `Imported from ${String(detail.file ?? "a list")}, row ${String(detail.row ?? "?")}, source ${String(detail.howDetail ?? "")}, by ${actor || "a staff member"}`,
      courses ? `asked about ${courses}` : "",
      typeof detail.note === "string" && detail.note ? `remarks: ${detail.note}` : "",
    ]
      .filter(Boolean)
      .join("; ");
  }
  const consent = consentWayLabels[detail.consent as ConsentWay];
  return [
    sourceOf(detail),
    courses ? `asked about ${courses}` : "",
    consent
      ? `consent given ${consent.toLowerCase()}${detail.consent === "aggregator" ? "" : ` to ${actor || "staff"}`}`
      : "",
    typeof detail.note === "string" && detail.note ? detail.note : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
