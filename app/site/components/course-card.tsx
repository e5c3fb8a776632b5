import type { Course } from "~/site/content/types";

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
      <img
        src={course.image.src}
        width={course.image.width}
        height={course.image.height}
        alt={course.image.alt}
        loading="lazy"
        decoding="async"
      />
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
