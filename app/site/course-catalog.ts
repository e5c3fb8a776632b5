// The courses' identities, in one place: every list of courses (public pages, the form's
// options, staff roles, start dates, the desk's navigation) derives from this table.
// Relative imports only: the database schema and plain-Node scripts load it too.

export const courseCatalog = [
  {
    /** The course page: /courses/<pageId>. */
    pageId: "embedded",
    /** What a registration stores in its course field. */
    registrationValue: "embedded",
    /** The key of the course's start date and of its coordinators' role. */
    key: "embedded",
    /** The course in menus and on the desk. */
    label: "Embedded",
    /** The course in the registration form's list. */
    optionLabel: "Embedded",
    /** The course in the desk's "update Courses" menu, as staff know it from the old site. */
    deskLabel: "Embedded",
  },
  { pageId: "iot", registrationValue: "iot", key: "iot", label: "IoT", optionLabel: "IoT", deskLabel: "IoT" },
  {
    pageId: "fullstack",
    registrationValue: "python fullstack",
    key: "python",
    label: "Python Fullstack",
    optionLabel: "python fullstack",
    deskLabel: "Fullstack",
  },
  { pageId: "ai", registrationValue: "ai", key: "ai", label: "AI", optionLabel: "AI", deskLabel: "AI" },
  {
    pageId: "matlab",
    registrationValue: "matlab",
    key: "matlab",
    label: "MATLAB",
    optionLabel: "MATLAB",
    deskLabel: "MatLab",
  },
] as const;

export type CatalogCourse = (typeof courseCatalog)[number];
/** A course page id: "fullstack". */
export type CourseId = CatalogCourse["pageId"];
/** A registration's course value: "python fullstack". */
export type CourseValue = CatalogCourse["registrationValue"];
/** A course's start-date and coordinator key: "python". */
export type CourseKey = CatalogCourse["key"];

export const courseIds: readonly CourseId[] = courseCatalog.map((course) => course.pageId);
export const courseValues = courseCatalog.map((course) => course.registrationValue) as [CourseValue, ...CourseValue[]];
export const courseKeys: readonly CourseKey[] = courseCatalog.map((course) => course.key);

export function courseByPageId(pageId: CourseId): CatalogCourse {
  return courseCatalog.find((course) => course.pageId === pageId) as CatalogCourse;
}

export function courseByKey(key: CourseKey): CatalogCourse {
  return courseCatalog.find((course) => course.key === key) as CatalogCourse;
}

export function courseByValue(value: string): CatalogCourse | undefined {
  return courseCatalog.find((course) => course.registrationValue === value);
}

export function isCourseKey(value: unknown): value is CourseKey {
  return typeof value === "string" && (courseKeys as readonly string[]).includes(value);
}

/** The identity fields of a course's content (app/site/content/courses.ts). */
export function courseIdentity(pageId: CourseId) {
  const course = courseByPageId(pageId);
  return {
    id: course.pageId,
    menuLabel: course.label,
    registrationValue: course.registrationValue,
    coordinatorKey: course.key,
  } as const;
}
