import { courses } from "~/site/content/courses";

/** The body of the 404 page: where to go next, not a dead end. */
export function NotFoundContent() {
  return (
    <div className="page-narrow">
      <p className="eyebrow">Error 404</p>
      <h1 className="page-title">We could not find that page</h1>
      <p className="lead">
        The link may be old or mistyped. Our courses are below, or start again from the <a href="/">home page</a>.
      </p>
      <ul className="link-cards">
        {courses.map((course) => (
          <li key={course.id}>
            <a href={`/courses/${course.id}`} className="link-card">
              <span className="link-card-title">{course.title}</span>
              <span>{course.duration}</span>
            </a>
          </li>
        ))}
      </ul>
      <p>
        Questions? <a href="/contact">Send us an enquiry</a> and a counsellor will call you back.
      </p>
    </div>
  );
}
