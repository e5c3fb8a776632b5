import { data } from "react-router";
import { Icon } from "~/components/icons";
import { site, whatsappHref } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { rupees } from "~/platform/indian-numbers";
import { nextStartLine } from "~/site/batch-rules";
import { getCourseBatches } from "~/site/batches.server";
import { BatchList } from "~/site/components/batch-list";
import { CoursePicture } from "~/site/components/photo";
import { getCourse } from "~/site/content.server";
import { batchesOf, hoursADay } from "~/site/course-schedule";
import { originFrom, pageMeta } from "~/site/seo";
import { courseJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/course";

/** Items every syllabus ends with, after the course's own sections (their names as the institute has always used them). */
const trailingItems = [
  {
    title: "Project & Assessment",
    text: "A project of your own, reviewed the way a team lead reviews work, and a practical assessment.",
  },
  {
    title: "Course complete certificate",
    text: "Awarded once your project and assessment are complete.",
  },
  {
    title: "placements",
    text: "Resume reviews, mock technical and HR interviews, and introductions to our hiring partners.",
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const course = await getCourse(db, params.course);
  if (!course) throw data(null, { status: 404 });
  const batches = (await getCourseBatches(db))[course.coordinatorKey];
  return { course, batches };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { course, batches } = loaderData;
  const origin = originFrom(matches);
  return pageMeta({
    title: `${course.title} course | ${site.name}`,
    description: course.metaDescription,
    path: `/courses/${course.id}`,
    origin,
    jsonLd: [courseJsonLd(course, origin, batches)],
  });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, batches } = loaderData;
  const next = batches.batches[0];
  const lowestFee = batches.batches.length > 0 ? Math.min(...batches.batches.map((b) => b.feeInr)) : course.feeInr;
  const registerHref = `/online/register?course=${course.id}`;
  return (
    <div className="page">
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-center">
        <div className="course-intro">
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
              <dd>{next ? <a href="#batches">{nextStartLine(batches)}</a> : nextStartLine(batches)}</dd>
            </div>
            <div className="fact">
              <dt>Course fee</dt>
              <dd>
                {batches.batches.some((b) => b.feeInr !== lowestFee) ? "From " : ""}
                {rupees(lowestFee)}
              </dd>
            </div>
          </dl>
          <p>
            <a className="btn-primary" href={registerHref}>
              Register now
            </a>
          </p>
        </div>
        {/* The page's largest picture: fetched first, never lazily. Up to 20rem wide on a phone, 36rem beyond. */}
        <CoursePicture
          image={course.image}
          sizes="(max-width: 40rem) 20rem, 36rem"
          loading="eager-high"
          className="course-image"
        />
      </div>

      <div className="course-layout">
        <section aria-labelledby="syllabus">
          <h2 className="section-title" id="syllabus">
            Syllabus
          </h2>
          <p className="mb-4 text-[var(--color-slate-text)]">
            {course.syllabus.length} modules, then your project, certificate and placement support. Open a module to see
            its topics.
          </p>
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
              <div key={item.title} className="syllabus-fixed">
                <Icon name="check" className="icon syllabus-fixed-icon" />
                <div>
                  <p className="syllabus-fixed-title">{item.title}</p>
                  <p className="syllabus-fixed-text">{item.text}</p>
                </div>
              </div>
            ))}
          </div>

          <h2 id="outcomes" className="section-title">
            What you will be able to do
          </h2>
          <ul className="check-list">
            {course.outcomes.map((outcome) => (
              <li key={outcome}>{outcome}</li>
            ))}
          </ul>
        </section>

        <aside className="course-aside" aria-label="Batches and admission">
          <section className="side-card" aria-labelledby="batches">
            <h2 id="batches" className="side-card-title">
              {batches.batches.length > 0 ? "Upcoming batches" : "Batch timings"}
            </h2>
            {batches.batches.length > 0 ? (
              <BatchList batches={batches.batches} courseId={course.id} headingLevel={3} />
            ) : (
              <>
                <p className="mb-2">Next batch: {nextStartLine(batches)}</p>
                <dl className="batch-list">
                  {batchesOf(course).map((batch) => (
                    <div key={batch.kind}>
                      <dt>{batch.label}</dt>
                      <dd>
                        {batch.days}, {hoursADay(batch.hoursPerDay)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </section>
          <section className="side-card" aria-labelledby="audience">
            <h2 id="audience" className="side-card-title">
              Who it is for
            </h2>
            <p>{course.audience}</p>
          </section>
          <section className="side-card side-card-accent" aria-labelledby="join">
            <h2 id="join" className="side-card-title">
              Join the next batch
            </h2>
            <p>
              Register online and a counsellor will call you within one working day to talk about fees, timings and your
              background.
            </p>
            <p className="mt-4 flex flex-wrap gap-3">
              <a className="btn-primary" href={registerHref}>
                Register now
              </a>
              <a
                className="btn-secondary"
                href={whatsappHref(`Hello! I would like to know more about the ${course.title} course.`)}
              >
                Ask on WhatsApp
              </a>
            </p>
          </section>
        </aside>
      </div>
    </div>
  );
}
