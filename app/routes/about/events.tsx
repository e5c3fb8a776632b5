import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { dayInWords } from "~/platform/india-time";
import { Photo } from "~/site/components/photo";
import { galleries } from "~/site/content/about";
import { branchesForPage } from "~/site/content.server";
import { photosOf } from "~/site/photos.server";
import { originFrom, pageMeta } from "~/site/seo";
import { eventJsonLd } from "~/site/structured-data";
import type { Route } from "./+types/events";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(databaseContext);
  const [branches, ...photos] = await Promise.all([
    branchesForPage(db),
    ...galleries.map((gallery) => photosOf(db, gallery.id)),
  ]);
  return {
    branches,
    galleries: galleries.map((gallery, index) => ({ ...gallery, photos: photos[index] ?? [] })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const origin = originFrom(matches);
  // Each photo with a date is an event for search engines.
  const events = (loaderData?.galleries ?? []).flatMap((gallery) =>
    gallery.photos.flatMap((photo) => eventJsonLd(photo, loaderData?.branches ?? [], origin) ?? []),
  );
  return pageMeta({
    title: `Events | ${site.name}`,
    description:
      "Workshops, technical seminars and project exhibitions at our Bengaluru and Chennai centres: a look at how our students learn beyond the classroom.",
    path: "/about/events",
    origin,
    jsonLd: events,
  });
}

export default function Events({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <p className="eyebrow">About</p>
      <h1 className="page-title">Events</h1>
      <p className="lead">Learning does not stop at the syllabus. Here is a look at recent events.</p>
      <nav aria-label="Galleries" className="my-4">
        <ul className="flex flex-wrap gap-2">
          {loaderData.galleries.map((gallery) => (
            <li key={gallery.id}>
              <a className="chip" href={`#${gallery.id}`}>
                {gallery.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Every picture loads lazily, the first ones too: the lead paragraph is the page's largest
          paint, and pictures fetched with the page shared the network with its stylesheet (decision 017). */}
      {loaderData.galleries.map((gallery) => (
        <section key={gallery.id} id={gallery.id} aria-labelledby={`${gallery.id}-title`} className="scroll-mt-24">
          <h2 id={`${gallery.id}-title`} className="section-title">
            {gallery.title}
          </h2>
          <p className="lead mb-4">{gallery.intro}</p>
          <ul className="card-grid card-grid-pairs card-grid-4">
            {gallery.photos.map((photo) => (
              <li key={photo.id}>
                <figure className="card">
                  <Photo photo={photo} loading="lazy" />
                  <figcaption className="card-body gallery-caption">
                    {photo.caption}
                    {photo.eventDate ? (
                      <>
                        {" "}
                        <time dateTime={photo.eventDate} className="gallery-date">
                          {dayInWords(photo.eventDate)}
                        </time>
                      </>
                    ) : null}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
