import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { Photo } from "~/site/components/photo";
import { TextSections } from "~/site/components/text-sections";
import { founder } from "~/site/content/about";
import { photosOf } from "~/site/photos.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/founder-chairman";

export async function loader({ context }: Route.LoaderArgs) {
  const [photo] = await photosOf(context.get(databaseContext).db, "founder");
  return { photo };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${site.name} | Founder & Chairman`,
    description: `Meet ${founder.name}, Founder & Chairman of ${site.name}: a decade in the IT and embedded industry, and why the institute teaches the way it does.`,
    path: "/about/founder-chairman",
    origin: originFrom(matches),
  });
}

export default function FounderChairman({ loaderData }: Route.ComponentProps) {
  const [opening, ...rest] = founder.story;
  return (
    <div className="page">
      <div className="grid items-center gap-8 md:grid-cols-[2fr_3fr]">
        {loaderData.photo ? <Photo photo={loaderData.photo} loading="eager-high" className="founder-photo" /> : null}
        <div>
          <p className="eyebrow">Founder &amp; Chairman</p>
          <h1 className="page-title">{founder.name}</h1>
          <p className="lead">{opening?.paragraphs[0]}</p>
        </div>
      </div>
      <div className="course-layout">
        <div>
          <TextSections
            sections={[...(opening ? [{ ...opening, paragraphs: opening.paragraphs.slice(1) }] : []), ...rest]}
          />
        </div>
        <aside className="course-aside" aria-label="At a glance">
          <section className="side-card" aria-labelledby="glance">
            <h2 id="glance" className="side-card-title">
              At a glance
            </h2>
            <dl className="batch-list">
              {founder.facts.map((fact) => (
                <div key={fact.label}>
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="side-card side-card-accent" aria-labelledby="meet">
            <h2 id="meet" className="side-card-title">
              Meet us
            </h2>
            <p>Visit either centre to see the labs, or ask a counsellor which course fits your background.</p>
            <p className="mt-4">
              <a className="btn-primary" href="/contact">
                Talk to a counsellor
              </a>
            </p>
          </section>
        </aside>
      </div>
      <figure className="founder-message" aria-labelledby="message-title">
        <h2 id="message-title" className="section-title mt-0">
          {founder.message.heading}
        </h2>
        <blockquote>
          {founder.message.quote.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </blockquote>
        <figcaption>
          <strong>{founder.name}</strong>, Founder &amp; Chairman, {site.name}
        </figcaption>
      </figure>
    </div>
  );
}
