// What the staff desk pages share on both sides: navigation, ranges, labels.

export type CoordinatorRole = "embedded" | "python" | "iot" | "matlab" | "ai";
export const coordinatorRoles: readonly CoordinatorRole[] = ["embedded", "python", "iot", "matlab", "ai"];

/** A coordinator role's registration course value ("python" coordinates "python fullstack"). */
export function courseValueOfRole(role: CoordinatorRole): string {
  return role === "python" ? "python fullstack" : role;
}

/** A coordinator role's course page id ("python" edits the "fullstack" course). */
export function courseIdOfRole(role: CoordinatorRole): "embedded" | "fullstack" | "iot" | "matlab" | "ai" {
  return role === "python" ? "fullstack" : role;
}

export function isCoordinatorRole(value: string | undefined): value is CoordinatorRole {
  return coordinatorRoles.includes(value as CoordinatorRole);
}

/** When something happened, as the desk shows it: "23 Nov 2026, 5:47 pm", India time. */
export const deskTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

const day = 24 * 60 * 60 * 1000;
/** The tables show the last 7 days unless asked for more (604800000 ms). */
export const defaultRangeDays = 7;
export const defaultRangeMs = defaultRangeDays * day;
export const rangeOptions = [
  { value: "1", label: "Last 24 hours" },
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
  { value: "all", label: "All time" },
] as const;

export function daysToMs(days: number): number {
  return days * day;
}

/** Where a counsellor is with a student; the database checks the same values. */
export const submissionStatuses = ["new", "contacted", "enrolled", "not_interested"] as const;
export type SubmissionStatus = (typeof submissionStatuses)[number];

export const statusLabels: Record<SubmissionStatus, string> = {
  new: "New",
  contacted: "Contacted",
  enrolled: "Enrolled",
  not_interested: "Not interested",
};

export interface DeskLink {
  label: string;
  to: string;
}
export interface DeskSection {
  label: string;
  links: DeskLink[];
}

export const adminNavigation: Array<DeskLink | DeskSection> = [
  { label: "HOME", to: "/admin" },
  {
    label: "Register",
    links: [
      { label: "All registers", to: "/admin/registers" },
      { label: "Contactform", to: "/admin/contactform" },
      { label: "embedded form", to: "/admin/registers/embedded" },
      { label: "python form", to: "/admin/registers/python" },
      { label: "iot form", to: "/admin/registers/iot" },
      { label: "matlab form", to: "/admin/registers/matlab" },
      { label: "ai form", to: "/admin/registers/ai" },
    ],
  },
  {
    label: "update Courses",
    links: [
      { label: "Embedded", to: "/admin/courses/embedded" },
      { label: "IoT", to: "/admin/courses/iot" },
      { label: "Fullstack", to: "/admin/courses/fullstack" },
      { label: "AI", to: "/admin/courses/ai" },
      { label: "MatLab", to: "/admin/courses/matlab" },
    ],
  },
  { label: "placements Update", to: "/admin/placements" },
  { label: "Reviews", to: "/admin/reviews" },
  { label: "Partners", to: "/admin/partners" },
  { label: "Visitors", to: "/admin/analytics" },
  { label: "E-mail notifications", to: "/admin/notifications" },
  { label: "Students' data", to: "/admin/privacy" },
  { label: "Staff accounts", to: "/admin/staff" },
  { label: "Audit log", to: "/admin/audit" },
];

/** One enquiry or registration as a staff table shows it. */
export interface SubmissionRow {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  mobile: string;
  stream: string;
  major: string;
  state: string;
  district: string;
  course?: string;
  status: string;
  notes: string;
  statusUpdatedAt: string | null;
  statusUpdatedBy: string | null;
  /** The mobile or e-mail that has written in before (a possible duplicate), else null. */
  repeatOf: string | null;
  /** A student under 18: their parent's or guardian's name and phone, to call and confirm consent. */
  guardian: { name: string; mobile: string } | null;
  /** Where the student first landed, and the campaign of that link ("" when not known). */
  landingPage: string;
  campaign: string;
}

/** Uploads (photos, logos, course images) are refused above this size, in the browser and on the server. */
export const maxUploadMegabytes = 5;
