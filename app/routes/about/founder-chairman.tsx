import { TextSections } from "~/components/text-sections";
import { site } from "~/config/site";
import { founder } from "~/content/about";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/founder-chairman";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${site.name} | Founder & Chairman`,
    description: `Meet ${founder.name}, Founder & Chairman of ${site.name}: a decade in the IT and embedded industry, and why the institute teaches the way it does.`,
    path: "/about/founder-chairman",
    origin: originFrom(matches),
    image: founder.photo.src,
  });
}

export default function FounderChairman() {
  return (
    <div className="page">
      <div className="grid items-center gap-8 md:grid-cols-[2fr_3fr]">
        <img
          src={founder.photo.src}
          width={founder.photo.width}
          height={founder.photo.height}
          alt={founder.photo.alt}
          fetchPriority="high"
          className="mx-auto w-full max-w-sm rounded-xl"
        />
        <div>
          <p className="eyebrow">Founder &amp; Chairman</p>
          <h1 className="page-title">{founder.name}</h1>
          <p className="lead">{founder.story[0]?.paragraphs[0]}</p>
        </div>
      </div>
      <TextSections
        sections={founder.story.map((s, i) => (i === 0 ? { ...s, paragraphs: s.paragraphs.slice(1) } : s))}
      />
    </div>
  );
}
