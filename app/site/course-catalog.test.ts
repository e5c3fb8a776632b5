import { describe, expect, it } from "vitest";
import { courseOptions, courseValueFromParam } from "~/admissions/submissions/options";
import {
  adminNavigation,
  coordinatorRoles,
  counsellorNavigation,
  courseIdOfRole,
  courseValueOfRole,
} from "~/staff/staff-desk";
import { areaOf, readCourseSet, staffRoles } from "~/staff/staff-roles";
import { startDateKeys } from "../../db/schema";
import { courses } from "./content/courses";
import { courseCatalog, courseIds, courseKeys } from "./course-catalog";
import { mainNavigation } from "./navigation";
import { publicPaths } from "./public-pages";

describe("the course catalog", () => {
  it("is the one source of every list of courses", () => {
    expect(courses.map((course) => course.id)).toEqual(courseIds);
    expect(courseOptions.map((option) => option.value)).toEqual(courseCatalog.map((c) => c.registrationValue));
    expect(coordinatorRoles).toEqual(courseKeys);
    expect(staffRoles).toEqual(["admin", "counsellor"]);
    // A counsellor's courses, their menu and their landing page come from the same keys.
    expect(readCourseSet("counsellor", [...courseKeys].reverse())).toEqual({ ok: true, courses: courseKeys });
    const counsellorLinks = counsellorNavigation(courseKeys)
      .flatMap((entry) => ("links" in entry ? entry.links : [entry]))
      .map((l) => l.to);
    for (const key of courseKeys) {
      expect(counsellorLinks).toContain(`/onlineuser/${key}`);
      expect(areaOf({ role: "counsellor", courses: [key] })).toBe(`/onlineuser/${key}`);
    }
    expect(startDateKeys).toEqual(courseKeys);
    for (const id of courseIds) expect(publicPaths).toContain(`/courses/${id}`);
    const menu = mainNavigation.find((entry) => entry.label === "Courses");
    const menuLinks = menu && "items" in menu ? menu.items.map((item) => item.to) : [];
    expect(menuLinks).toEqual([...courseIds.map((id) => `/courses/${id}`), "/login"]);
    const deskLinks = adminNavigation.flatMap((entry) => ("links" in entry ? entry.links : [entry])).map((l) => l.to);
    for (const course of courseCatalog) {
      expect(deskLinks).toContain(`/admin/registers/${course.key}`);
      expect(deskLinks).toContain(`/admin/courses/${course.pageId}`);
    }
  });

  it("ties each course's page, registration value and key together", () => {
    expect(courseValueOfRole("python")).toBe("python fullstack");
    expect(courseIdOfRole("python")).toBe("fullstack");
    for (const course of courseCatalog) {
      expect(courseValueFromParam(course.pageId)).toBe(course.registrationValue);
      expect(courseValueFromParam(course.key)).toBe(course.registrationValue);
      const content = courses.find((c) => c.id === course.pageId);
      expect(content).toMatchObject({ registrationValue: course.registrationValue, coordinatorKey: course.key });
    }
  });
});
