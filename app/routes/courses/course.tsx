import { data } from "react-router";
import { site } from "~/config/site";
import { originFrom, pageMeta } from "~/lib/seo";
import { courseJsonLd } from "~/lib/structured-data";
import { databaseContext } from "~/server/context.server";
import { getCourse } from "~/server/repositories/content.server";
import { getStartDates } from "~/server/repositories/start-dates.server";
import type { Route } from "./+types/course";

/** Items every syllabus ends with, after the course's own sections. */
const trailingItems = ["Project & Assessment", "Course complete certificate", "placements"];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const course = await getCourse(db, params.course);
  if (!course) throw data(null, { status: 404 });
  const startDates = await getStartDates(db);
  return { course, startDate: startDates[course.coordinatorKey] };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, startDate } = loaderData;
  const origin = originFrom(matches);
  return pageMeta({
    title: `${course.title} course | ${site.name}`,
    description: course.metaDescription,
    path: `/courses/${course.id}`,
    origin,
    image: course.image.src,
    jsonLd: [courseJsonLd(course, origin, startDate)],
  });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, startDate } = loaderData;
  return (
    <div className="page">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div>
          <p className="eyebrow">Course syllabus</p>
          <h1 className="page-title">{course.title}</h1>
          <p className="lead">{course.description}</p>
          <dl className="fact-list">
            <div className="fact">
              <dt>Duration</dt>
              <dd>{course.duration}</dd>
            </div>
            <div className="fact">
              <dt>Next batch</dt>
              <dd>{startDate ?? "Starting soon"}</dd>
            </div>
            <div className="fact">
              <dt>Schedule</dt>
              <dd>{course.schedule}</dd>
            </div>
          </dl>
          <p>
            <a className="btn-primary" href={`/online/register?course=${course.id}`}>
              Register now
            </a>
          </p>
        </div>
        <img
          src={course.image.src}
          width={course.image.width}
          height={course.image.height}
          alt={course.image.alt}
          fetchPriority="high"
          className="w-full rounded-xl"
        />
      </div>

      <h2 className="section-title" id="syllabus">
        Syllabus
      </h2>
      <p className="mb-4 text-slate-700">Open a topic to see what it covers.</p>
      <div className="syllabus">
        {course.syllabus.map((section) => (
          // Sharing one name makes the browser keep a single section open, with or without JavaScript.
          <details key={section.title} name="syllabus" className="syllabus-item">
            <summary>{section.title}</summary>
            <ul>
              {section.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </details>
        ))}
        {trailingItems.map((item) => (
          <p key={item} className="syllabus-fixed">
            {item}
          </p>
        ))}
      </div>

      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="outcomes">
          <h2 id="outcomes" className="section-title mt-0">
            What you will be able to do
          </h2>
          <ul className="list-disc space-y-1 pl-6">
            {course.outcomes.map((outcome) => (
              <li key={outcome}>{outcome}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="audience">
          <h2 id="audience" className="section-title mt-0">
            Who it is for
          </h2>
          <p>{course.audience}</p>
          <p className="mt-4">
            <a className="btn-primary" href={`/online/register?course=${course.id}`}>
              Register now
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}
