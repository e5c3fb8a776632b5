import { site } from "~/config/site";
import { TextSections } from "~/site/components/text-sections";
import { bytesInBits } from "~/site/content/about";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/bytes-in-bits";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Bytes in bits: about, mission and vision | ${site.name}`,
    description: `Who we are, what we set out to do and where we are going: ${site.name}, training engineers in Chennai since 2014 and in Bangalore since 2021.`,
    path: "/about/bytes-in-bits",
    origin: originFrom(matches),
  });
}

export default function BytesInBits() {
  const { intro, figures, about, mission, vision, milestones } = bytesInBits;
  return (
    <div className="page">
      <p className="eyebrow">About</p>
      <h1 className="page-title">Bytes in bits</h1>
      <p className="lead">{intro}</p>
      <dl className="figure-band">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <TextSections sections={[about]} />
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {[mission, vision].map((section) => (
          <section key={section.heading} className="side-card" aria-labelledby={slug(section.heading)}>
            <h2 id={slug(section.heading)} className="section-title mt-0">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mb-3">
                {paragraph}
              </p>
            ))}
            {section.points ? (
              <ul className="check-list check-list-single">
                {section.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </div>
      <section aria-labelledby="milestones" className="mt-10">
        <h2 id="milestones" className="section-title">
          Milestones
        </h2>
        <ol className="timeline">
          {milestones.map((milestone) => (
            <li key={`${milestone.year}-${milestone.text}`}>
              <span className="timeline-year">{milestone.year}</span>
              <span>{milestone.text}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
