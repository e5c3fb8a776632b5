import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { nextStartLine } from "~/site/batch-rules";
import { getCourseBatches } from "~/site/batches.server";
import { BatchList } from "~/site/components/batch-list";
import { CourseCard } from "~/site/components/course-card";
import { admissionSteps } from "~/site/content/about";
import { getCourses } from "~/site/content.server";
import { originFrom, pageMeta } from "~/site/seo";
import { courseListJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/admissions";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const [courses, batches] = await Promise.all([getCourses(db), getCourseBatches(db)]);
  return { courses, batches };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const origin = originFrom(matches);
  return pageMeta({
    title: `Admissions: upcoming new batches | ${site.name}`,
    description:
      "Start dates of our next Embedded Systems, IoT, Python Fullstack, AI and MATLAB batches in Bengaluru, and how to register for a seat.",
    path: "/about/admissions",
    origin,
    jsonLd: loaderData ? [courseListJsonLd(loaderData.courses, origin)] : [],
  });
}

const textOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export default function Admissions({ loaderData }: Route.ComponentProps) {
  const { courses, batches } = loaderData;
  const upcoming = Object.values(batches)
    .flatMap((course) => course.batches)
    // "YYYY-MM-DD" and "HH:MM" sort as plain text (no locale's collation needed).
    .sort((a, b) => textOrder(a.startsOn, b.startsOn) || textOrder(a.startTime, b.startTime) || a.id - b.id);
  const titles = Object.fromEntries(courses.map((course) => [course.coordinatorKey, course]));
  return (
    <div className="page">
      <p className="eyebrow">Admissions</p>
      <h1 className="page-title">Upcoming new batches</h1>
      <p className="lead">
        Batches are small, so seats go quickly. Pick a course, read its syllabus, and register; a counsellor will call
        you within one working day.
      </p>
      <ul className="card-grid card-grid-5 mt-6">
        {courses.map((course) => (
          <li key={course.id}>
            <CourseCard course={course} startLine={nextStartLine(batches[course.coordinatorKey])} headingLevel={2} />
          </li>
        ))}
      </ul>
      {upcoming.length > 0 ? (
        <section aria-labelledby="all-batches">
          <h2 id="all-batches" className="section-title">
            Every upcoming batch
          </h2>
          <BatchList batches={upcoming} courses={titles} headingLevel={3} wide />
        </section>
      ) : null}
      <section aria-labelledby="how-to-join">
        <h2 id="how-to-join" className="section-title">
          How to join
        </h2>
        <ol className="steps">
          {admissionSteps.map((step) => (
            <li key={step.title}>
              <h3 className="highlight-title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-6 flex flex-wrap gap-3">
          <a className="btn-primary" href="/online/register">
            Register now
          </a>
          <a className="btn-secondary" href="/contact">
            Ask a question first
          </a>
        </p>
      </section>
    </div>
  );
}
