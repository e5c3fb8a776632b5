import { site } from "~/config/site";
import { galleries } from "~/site/content/about";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/events";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Events | ${site.name}`,
    description:
      "Workshops, technical seminars and project exhibitions at our Bengaluru and Chennai centres: a look at how our students learn beyond the classroom.",
    path: "/about/events",
    origin: originFrom(matches),
  });
}

export default function Events() {
  return (
    <div className="page">
      <p className="eyebrow">About</p>
      <h1 className="page-title">Events</h1>
      <p className="lead">Learning does not stop at the syllabus. Here is a look at recent events.</p>
      <nav aria-label="Galleries" className="my-4">
        <ul className="flex flex-wrap gap-2">
          {galleries.map((gallery) => (
            <li key={gallery.id}>
              <a className="chip" href={`#${gallery.id}`}>
                {gallery.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {galleries.map((gallery, galleryIndex) => (
        <section key={gallery.id} id={gallery.id} aria-labelledby={`${gallery.id}-title`} className="scroll-mt-24">
          <h2 id={`${gallery.id}-title`} className="section-title">
            {gallery.title}
          </h2>
          <p className="lead mb-4">{gallery.intro}</p>
          <ul className="card-grid card-grid-pairs card-grid-4">
            {gallery.items.map((item, index) => (
              <li key={item.image.src}>
                <figure className="card">
                  <img
                    src={item.image.src}
                    width={item.image.width}
                    height={item.image.height}
                    alt={item.image.alt}
                    loading={galleryIndex === 0 && index < 2 ? undefined : "lazy"}
                    decoding="async"
                  />
                  <figcaption className="card-body gallery-caption">{item.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
