import { TextSections } from "~/components/text-sections";
import { site } from "~/config/site";
import { bytesInBits } from "~/content/about";
import { originFrom, pageMeta } from "~/lib/seo";
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
  return (
    <div className="page">
      <p className="eyebrow">About</p>
      <h1 className="page-title">Bytes in bits</h1>
      <p className="lead">{site.blurb}</p>
      <TextSections sections={[bytesInBits.about, bytesInBits.mission, bytesInBits.vision]} />
      <section aria-labelledby="milestones" className="mt-10">
        <h2 id="milestones" className="section-title">
          Milestones
        </h2>
        <ol className="space-y-3 border-l-4 border-[var(--color-teal-soft)] pl-5">
          {bytesInBits.milestones.map((milestone) => (
            <li key={`${milestone.year}-${milestone.text}`}>
              <span className="font-bold text-[var(--color-coral-dark)]">{milestone.year}</span> — {milestone.text}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
