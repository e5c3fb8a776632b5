import { site } from "~/config/site";
import { databaseContext } from "~/platform/context.server";
import { getPartners } from "~/site/content.server";
import { originFrom, pageMeta } from "~/site/seo";
import type { Route } from "./+types/industry-partnership";

export async function loader({ context }: Route.LoaderArgs) {
  return { partners: await getPartners(context.get(databaseContext).db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: `Our Placement Partners | ${site.name}`,
    description:
      "Companies that hire our embedded, IoT, Python fullstack and AI graduates: product firms, design services and start-ups across Bengaluru and Chennai.",
    path: "/industry-partnership",
    origin: originFrom(matches),
  });
}

export default function IndustryPartnership({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <div className="page">
      <p className="eyebrow">Placement</p>
      <h1 className="page-title">Our Placement Partners</h1>
      <p className="lead">
        These companies interview our students every year, for roles in embedded software, IoT, full-stack development
        and data science.
      </p>
      <ul className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {/* Lazily, the first row too: the lead paragraph is the page's largest paint (decision 017). */}
        {partners.map((partner) => (
          <li key={partner.name} className="grid place-items-center rounded-xl border border-slate-200 bg-white p-4">
            <img
              src={partner.logo.src}
              width={partner.logo.width}
              height={partner.logo.height}
              alt={partner.logo.alt}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
