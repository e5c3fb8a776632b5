import { Photo } from "~/site/components/photo";
import type { TextSection } from "~/site/content/types";
import type { PhotoView } from "~/site/photo-places";

/**
 * Headed sections of prose, each with an optional picture and points. A section's picture is
 * its own, or staff's photo at the same position in `photos`.
 */
export function TextSections({
  sections,
  level = 2,
  photos = [],
}: {
  sections: readonly TextSection[];
  level?: 2 | 3;
  photos?: readonly PhotoView[];
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      {sections.map((section, index) => {
        const photo = photos[index];
        const pictured = Boolean(section.image || photo);
        return (
          <section key={section.heading} className={`mt-10 grid items-start gap-6 ${pictured ? "md:grid-cols-2" : ""}`}>
            <div className={pictured && index % 2 === 1 ? "md:order-2" : undefined}>
              <Heading className="section-title mt-0">{section.heading}</Heading>
              <div className="prose-block">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
              {section.points ? (
                <ul className="list-disc space-y-1 pl-6">
                  {section.points.map((point) => (
                    <li key={point}>{point}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            {photo ? (
              <Photo
                photo={photo}
                loading={index === 0 ? "eager" : "lazy"}
                className="order-first w-full rounded-xl md:order-none"
              />
            ) : section.image ? (
              <img
                src={section.image.src}
                width={section.image.width}
                height={section.image.height}
                alt={section.image.alt}
                loading={index === 0 ? undefined : "lazy"}
                decoding="async"
                className="order-first w-full rounded-xl md:order-none"
              />
            ) : null}
          </section>
        );
      })}
    </>
  );
}
