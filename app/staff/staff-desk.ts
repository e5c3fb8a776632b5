// What the staff desk pages share on both sides: navigation, ranges, labels.
import { dayMs } from "~/platform/india-time";
import {
  type CourseId,
  type CourseKey,
  type CourseValue,
  courseByKey,
  courseCatalog,
  courseKeys,
  isCourseKey,
} from "~/site/course-catalog";
import { counsellorDesk } from "./staff-roles";

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

/** The tables show the last 7 days unless asked for more. */
export const defaultRangeDays = 7;
export const rangeOptions = [
  { value: "1", label: "Last 24 hours" },
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
  { value: "all", label: "All time" },
] as const;

export function daysToMs(days: number): number {
  return days * dayMs;
}

export interface DeskLink {
  label: string;
  to: string;
  /** Shows My day's counts beside the link (the desk layout keeps them live). */
  counts?: true;
}
export interface DeskSection {
  label: string;
  links: DeskLink[];
}

export const adminNavigation: Array<DeskLink | DeskSection> = [
  { label: "HOME", to: "/admin" },
  { label: "Team day", to: "/desk/team", counts: true },
  { label: "My day", to: "/desk/day" },
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
  { label: "Headline numbers", to: "/admin/numbers" },
  { label: "Branches", to: "/admin/branches" },
  { label: "Photos", to: "/admin/photos" },
  { label: "Visitors", to: "/admin/analytics" },
  { label: "Owner's report", to: "/admin/report" },
  { label: "E-mail notifications", to: "/admin/notifications" },
  { label: "Students' data", to: "/admin/privacy" },
  { label: "Staff accounts", to: "/admin/staff" },
  { label: "Audit log", to: "/admin/audit" },
];

/** A course's own desk (/onlineuser/<key>): its students, its registrations, its page. */
export function courseDeskLinks(key: CourseKey): DeskLink[] {
  const base = `/onlineuser/${key}`;
  return [
    { label: "Students", to: `${base}/students` },
    { label: `${key} registrations`, to: base },
    { label: "Update course", to: `${base}/course` },
  ];
}

/** The enquiries a counsellor sees (those filed on records of their scope). */
export const counsellorEnquiries = "/counsellor/enquiries";

/** A counsellor's menu, the same on their desk and on each of their courses' desks. */
export function counsellorNavigation(keys: readonly CourseKey[]): Array<DeskLink | DeskSection> {
  return [
    { label: "My day", to: "/desk/day", counts: true as const },
    { label: "My students", to: counsellorDesk },
    { label: "Enquiries", to: counsellorEnquiries },
    ...keys.map((key) => ({ label: courseByKey(key).label, links: courseDeskLinks(key) })),
  ];
}

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
  /** A registration's course, or the course an enquiry asks about (absent when none was chosen). */
  course?: string;
  /** The batch a registration picked, as it read then ("" for none). */
  batch?: string;
  /** An enquiry's question in the student's words ("" when none). */
  question?: string;
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
