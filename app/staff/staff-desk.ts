// What the staff desk pages share on both sides: navigation, ranges, labels.
import {
  type CourseId,
  type CourseKey,
  type CourseValue,
  courseByKey,
  courseCatalog,
  courseKeys,
  isCourseKey,
} from "~/site/course-catalog";

export type CoordinatorRole = CourseKey;
export const coordinatorRoles: readonly CoordinatorRole[] = courseKeys;

/** A coordinator role's registration course value ("python" coordinates "python fullstack"). */
export function courseValueOfRole(role: CoordinatorRole): CourseValue {
  return courseByKey(role).registrationValue;
}

/** A coordinator role's course page id ("python" edits the "fullstack" course). */
export function courseIdOfRole(role: CoordinatorRole): CourseId {
  return courseByKey(role).pageId;
}

export function isCoordinatorRole(value: string | undefined): value is CoordinatorRole {
  return isCourseKey(value);
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
  { label: "Students", to: "/admin/students" },
  { label: "Assignment", to: "/admin/assignment" },
  { label: "WhatsApp messages", to: "/admin/whatsapp" },
  {
    label: "Register",
    links: [
      { label: "All registers", to: "/admin/registers" },
      { label: "Contactform", to: "/admin/contactform" },
      ...courseCatalog.map((course) => ({ label: `${course.key} form`, to: `/admin/registers/${course.key}` })),
    ],
  },
  {
    label: "update Courses",
    links: courseCatalog.map((course) => ({ label: course.deskLabel, to: `/admin/courses/${course.pageId}` })),
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
