import type { Route } from "./+types/admissions";
import { CourseCard } from "~/components/course-card";
import { site } from "~/config/site";
import { courses } from "~/content/courses";
import { originFrom, pageMeta } from "~/lib/seo";
import { courseListJsonLd } from "~/lib/structured-data";
import { databaseContext } from "~/server/context.server";
import { getStartDates } from "~/server/repositories/start-dates.server";

export async function loader({ context }: Route.LoaderArgs) {
  const startDates = await getStartDates(context.get(databaseContext).db);
  return {
    batches: courses.map((course) => ({ id: course.id, startDate: startDates[course.coordinatorKey] })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const origin = originFrom(matches);
  return pageMeta({
    title: `Admissions: upcoming new batches | ${site.name}`,
    description:
      "Start dates of our next Embedded Systems, IoT, Python Fullstack, AI and MATLAB batches in Bengaluru, and how to register for a seat.",
    path: "/about/admissions",
    origin,
    jsonLd: [courseListJsonLd(courses, origin)],
  });
}

export default function Admissions({ loaderData }: Route.ComponentProps) {
  const startDateOf = new Map(loaderData.batches.map((b) => [b.id, b.startDate]));
  return (
    <div className="page">
      <p className="eyebrow">Admissions</p>
      <h1 className="page-title">Upcoming new batches</h1>
      <p className="lead">
        Batches are small, so seats go quickly. Pick a course, read its syllabus, and register; a counsellor will call
        you within one working day.
      </p>
      <ul className="card-grid mt-6">
        {courses.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} startLine={startDateOf.get(course.id) ?? "Starting soon"} headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}
