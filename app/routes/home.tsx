import { CourseCard } from "~/components/course-card";
import { site } from "~/config/site";
import { heroSlides, homeIntro } from "~/content/about";
import { originFrom, pageMeta } from "~/lib/seo";
import { organizationJsonLd } from "~/lib/structured-data";
import { databaseContext } from "~/server/context.server";
import { getCourses } from "~/server/repositories/content.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { courses: await getCourses(context.get(databaseContext).db) };
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
  const { courses } = loaderData;
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <div>
            <h1 id="hero-title">{site.name}</h1>
            <p className="hero-tagline">{site.tagline}</p>
            <p className="hero-lead">{homeIntro.paragraphs[0]}</p>
            <p className="flex flex-wrap gap-3">
              <a className="btn-primary" href="/about/admissions">
                See upcoming batches
              </a>
              <a className="btn-secondary" href="/contact">
                Talk to a counsellor
              </a>
            </p>
          </div>
          <ul className="hero-slides" aria-label="Life at the institute">
            {heroSlides.map((slide, slot) => (
              <li key={slide.image.src} className="hero-slide" style={{ "--slot": slot } as React.CSSProperties}>
                <img
                  src={slide.image.src}
                  width={slide.image.width}
                  height={slide.image.height}
                  alt={slide.image.alt}
                  {...(slot === 0
                    ? { fetchPriority: "high" as const }
                    : { loading: "lazy" as const, decoding: "async" as const })}
                />
                <p className="hero-caption">
                  <strong>{slide.heading}</strong>
                  <span className="hero-caption-text">{slide.text}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="page" aria-labelledby="intro-title">
        <h2 id="intro-title" className="section-title mt-0">
          {homeIntro.heading}
        </h2>
        <div className="prose-block">
          {homeIntro.paragraphs.slice(1).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ul className="card-grid mt-6">
          {homeIntro.highlights.map((highlight) => (
            <li key={highlight.title} className="fact">
              <h3 className="font-bold text-[var(--color-teal-deep)]">{highlight.title}</h3>
              <p>{highlight.text}</p>
            </li>
          ))}
        </ul>

        <h2 className="section-title" id="trending">
          Trending courses
        </h2>
        <ul className="card-grid" aria-labelledby="trending">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
