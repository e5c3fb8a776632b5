import { CoursePicture } from "~/site/components/photo";
import type { Course } from "~/site/content/types";

/** A card's width in the five-card grid (app.css): one, two, three (or two wider) and five to a row. */
const cardSizes = "(min-width: 88rem) 16rem, (min-width: 56rem) 33vw, (min-width: 40rem) 50vw, 100vw";

/** A course as a card: image, title, summary, an optional start-date line and "Register Now !". */
export function CourseCard({
  course,
  startLine,
  headingLevel = 3,
}: {
  course: Course;
  startLine?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card">
      <CoursePicture image={course.image} sizes={cardSizes} loading="lazy" />
      <div className="card-body">
        <Heading className="card-title">{course.title}</Heading>
        <p>{course.summary}</p>
        <p className="text-sm text-slate-600">Duration: {course.duration}</p>
        {startLine ? <p className="font-semibold text-[var(--color-coral-dark)]">Next batch: {startLine}</p> : null}
        <p className="card-footer">
          <a className="btn-primary" href={`/courses/${course.id}`} aria-label={`Register Now ! for ${course.title}`}>
            Register Now !
          </a>
        </p>
      </div>
    </article>
  );
}
