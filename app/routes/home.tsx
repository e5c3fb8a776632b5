import { site, whatsappHref } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { indianNumber } from "~/platform/indian-numbers";
import { listUpcomingBatches } from "~/site/batches.server";
import { BatchList } from "~/site/components/batch-list";
import { CourseCard } from "~/site/components/course-card";
import { Photo } from "~/site/components/photo";
import { ReviewCard } from "~/site/components/review-card";
import { heroSlides, homeIntro } from "~/site/content/about";
import { getCourses, getHeadlineNumbers, getReviews } from "~/site/content.server";
import { headlineFields } from "~/site/headline-numbers";
import { photosOf } from "~/site/photos.server";
import { originFrom, pageMeta } from "~/site/seo";
import { organizationJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const [courses, reviews, batches, numbers, photos] = await Promise.all([
    getCourses(db),
    getReviews(db),
    listUpcomingBatches(db),
    getHeadlineNumbers(db),
    photosOf(db, "hero"),
  ]);
  // Each slide's words (content) with the photo staff gave its slot.
  const slides = heroSlides.flatMap((slide, slot) => {
    const photo = photos[slot];
    return photo ? [{ ...slide, photo }] : [];
  });
  return { courses, reviews: reviews.slice(0, 3), batches: batches.slice(0, homeBatches), numbers, slides };
}

/** How many of the next batches the home page lists (the admissions page lists them all). */
const homeBatches = 6;

function HeadlineNumbers({ numbers }: { numbers: Route.ComponentProps["loaderData"]["numbers"] }) {
  const given = headlineFields.flatMap(({ name, shown }) => {
    const value = numbers[name];
    return value === null || value === undefined ? [] : [{ name, shown, value }];
  });
  if (given.length === 0) return null;
  return (
    <ul className="headline-numbers" aria-label="The institute in numbers">
      {given.map(({ name, shown, value }) => (
        <li key={name} className="headline-number">
          <span className="headline-number-value">{indianNumber(value)}</span>
          <span>{shown}</span>
        </li>
      ))}
    </ul>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const origin = originFrom(matches);
  return pageMeta({
    title: `${site.name} | ${site.tagline}`,
    description:
      "Hands-on training in Embedded Systems, IoT, Python Fullstack, AI and MATLAB in Bengaluru and Chennai: small classes, industry mentors and placement support.",
    path: "/",
    origin,
    jsonLd: [organizationJsonLd(origin)],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { courses, reviews, batches, numbers, slides } = loaderData;
  const titles = Object.fromEntries(courses.map((course) => [course.coordinatorKey, course]));
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <div>
            <h1 id="hero-title">{site.name}</h1>
            <p className="hero-tagline">{site.tagline}</p>
            <p className="hero-lead">{homeIntro.paragraphs[0]}</p>
            <p className="hero-actions">
              <a className="btn-primary" href="/about/admissions">
                See upcoming batches
              </a>
              <a className="btn-secondary" href="/contact">
                Talk to a counsellor
              </a>
            </p>
          </div>
          <div className="hero-media">
            <ul className="hero-slides" aria-label="Life at the institute">
              {slides.map((slide, slot) => (
                <li key={slide.photo.id} className="hero-slide" style={{ "--slot": slot } as React.CSSProperties}>
                  {/* The first slide is the page's largest picture: fetched first, never lazily; the
                      others lie under it, in view but unseen: lazily and at low priority. */}
                  <Photo photo={slide.photo} loading={slot === 0 ? "eager-high" : "hidden"} />
                  <p className="hero-caption">
                    <strong>{slide.heading}</strong>
                    <span className="hero-caption-text">{slide.text}</span>
                  </p>
                </li>
              ))}
            </ul>
            {/* Pauses the rotation without JavaScript (WCAG 2.2.2); so do hovering and focusing it. */}
            <label className="hero-pause">
              <input type="checkbox" className="hero-pause-input" />
              <span className="hero-pause-label">Pause slideshow</span>
            </label>
          </div>
        </div>
      </section>

      <section className="page" aria-labelledby="intro-title">
        <div className="intro-grid">
          <div>
            <h2 id="intro-title" className="section-title mt-0">
              {homeIntro.heading}
            </h2>
            <div className="prose-block">
              {homeIntro.paragraphs.slice(1).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <ul className="highlights">
            {homeIntro.highlights.map((highlight) => (
              <li key={highlight.title} className="highlight">
                <h3 className="highlight-title">{highlight.title}</h3>
                <p>{highlight.text}</p>
              </li>
            ))}
          </ul>
        </div>

        <HeadlineNumbers numbers={numbers} />

        {batches.length > 0 ? (
          <section aria-labelledby="next-batches">
            <h2 className="section-title" id="next-batches">
              Next batches
            </h2>
            <BatchList batches={batches} courses={titles} headingLevel={3} wide />
            <p className="mt-4">
              <a href="/about/admissions">See every upcoming batch</a>
            </p>
          </section>
        ) : null}

        <h2 className="section-title" id="trending">
          Trending courses
        </h2>
        <ul className="card-grid card-grid-5" aria-labelledby="trending">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>

        <h2 className="section-title" id="students-say">
          What our students say
        </h2>
        <ul className="card-grid card-grid-3" aria-labelledby="students-say">
          {reviews.map((review) => (
            <li key={review.name}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <a href="/about/review">Read all student reviews</a> or see{" "}
          <a href="/our-placements">where our students work</a>.
        </p>

        <section className="cta-band" aria-labelledby="cta-title">
          <div>
            <h2 id="cta-title" className="cta-title">
              Ready to start?
            </h2>
            <p>See the next batch dates, read a syllabus, and talk to a counsellor about the course that suits you.</p>
          </div>
          <p className="flex flex-wrap gap-3">
            <a className="btn-primary" href="/about/admissions">
              See upcoming batches
            </a>
            <a className="btn-on-dark" href={whatsappHref()}>
              Chat on WhatsApp
            </a>
          </p>
        </section>
      </section>
    </>
  );
}
