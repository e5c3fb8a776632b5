import { index, type RouteConfig, route } from "@react-router/dev/routes";

/** The whole URL map. Public URLs are lower-case without a trailing slash (see http/canonical.ts). */
export default [
  index("routes/home.tsx"),
  route("about/founder-chairman", "routes/about/founder-chairman.tsx"),
  route("about/admissions", "routes/about/admissions.tsx"),
  route("about/facilities", "routes/about/facilities.tsx"),
  route("about/events", "routes/about/events.tsx"),
  route("about/bytes-in-bits", "routes/about/bytes-in-bits.tsx"),
  route("about/review", "routes/about/review.tsx"),
  route("our-placements", "routes/our-placements.tsx"),
  route("industry-partnership", "routes/industry-partnership.tsx"),
  route("courses/:course", "routes/courses/course.tsx"),
  route("contact", "routes/contact.tsx"),
  route("online/register", "routes/online/register.tsx"),
  route("login", "routes/login.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("privacy/withdraw", "routes/privacy/withdraw.tsx"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // The staff desk. Every loader and action checks the session and role itself.
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("students", "routes/staff/students.tsx", { id: "admin-students" }),
    route("students/:id", "routes/staff/student.tsx", { id: "admin-student" }),
    route("assignment", "routes/admin/assignment.tsx"),
    route("registers", "routes/admin/registers.tsx", { id: "admin-all-registers" }),
    route("registers/:course", "routes/admin/registers.tsx", { id: "admin-course-registers" }),
    route("contactform", "routes/admin/contactform.tsx"),
    route("courses/:course", "routes/admin/course.tsx"),
    route("placements", "routes/admin/placements.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("partners", "routes/admin/partners.tsx"),
    route("analytics", "routes/admin/analytics.tsx"),
    route("notifications", "routes/admin/notifications.tsx"),
    route("privacy", "routes/admin/privacy.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("audit", "routes/admin/audit.tsx"),
  ]),
  route("onlineuser/:role", "routes/onlineuser/layout.tsx", [
    index("routes/onlineuser/registrations.tsx"),
    route("course", "routes/onlineuser/course.tsx"),
    route("students", "routes/staff/students.tsx", { id: "course-students" }),
    route("students/:id", "routes/staff/student.tsx", { id: "course-student" }),
  ]),
  // The signed-in account's own desk pages: My day, and the team's day for an admin.
  route("desk", "routes/desk/layout.tsx", [
    index("routes/desk/index.ts"),
    route("day", "routes/desk/day.tsx"),
    route("team", "routes/desk/team.tsx"),
  ]),
  route("desk/counts", "routes/desk/counts.ts"),
  route("staff/events", "routes/staff/events.ts"),
  route("staff/export/:table/:course?", "routes/staff/export.ts"),

  route("logout", "routes/logout.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
